import type { CallInput, CallOptions, EndpointDef, ResultOf } from '../endpoints/define';

/** What services need of the transport: one typed call per catalogue entry. */
export interface Transport {
  call<E extends EndpointDef>(endpoint: E, input?: CallInput<E>, options?: CallOptions): Promise<ResultOf<E>>;
}
