/**
 * What the router hands a handler and what it takes back, derived from the SDK's catalogue so a
 * handler's params, query and body have the types the SDK sends. The handlers' own typing per
 * catalogue entry is in routes/types.ts, above this.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { EndpointDef } from '@matchmaker/sdk/schemas';
import type * as z from 'zod/mini';
import type { World } from '../core/world';
import type { UserRecord } from '../state/types';

type Out<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

export type ParamsIn<E> = E extends { params: infer S } ? Out<S> : Record<string, never>;
export type QueryIn<E> = E extends { query: infer S } ? Out<S> : Record<string, never>;
export type BodyIn<E> = E extends { body: infer S } ? Out<S> : undefined;

/** Bytes for the binary calls (KYC documents, chat files). */
export interface BinaryAnswer {
  readonly kind: 'binary';
  readonly contentType: string;
  readonly bytes: Buffer;
  readonly filename: string;
}

export interface UploadedFile {
  field: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

export interface RequestContext<E = EndpointDef> {
  readonly endpoint: EndpointDef;
  readonly params: ParamsIn<E>;
  readonly query: QueryIn<E>;
  readonly body: BodyIn<E>;
  /** Files of multipart uploads. */
  readonly files: UploadedFile[];
  /** The logged-in user; always set for `session` and `contact` calls, maybe null for `public` ones. */
  readonly user: E extends { access: 'public' } ? UserRecord | null : UserRecord;
  /** The bearer token of the call, when there was a valid one. */
  readonly token: string | undefined;
  readonly world: World;
  /** `http://host:port` as the client reached us; used for absolute image URLs. */
  readonly baseUrl: string;
  readonly ip: string;
  readonly headers: IncomingHttpHeaders;
}

/** The router's view: any handler, called with an untyped context. */
export type AnyHandler = (ctx: RequestContext) => unknown;
