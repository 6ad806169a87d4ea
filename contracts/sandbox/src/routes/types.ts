/**
 * Handler types per catalogue entry: a handler's context is typed by its entry (http/request-context.ts),
 * and its answer is the type the SDK's response schema accepts.
 */
import type { EndpointId } from '@matchmaker/sdk';
import type { EndpointCatalogue, endpointGroups } from '@matchmaker/sdk/schemas';
import type * as z from 'zod/mini';
import type { BinaryAnswer, RequestContext } from '../http/request-context';

/** What a handler returns: anything the response schema accepts, or bytes for binary calls. */
export type Answer<E> = E extends { response: infer R }
  ? R extends z.ZodMiniType
    ? z.input<R>
    : BinaryAnswer
  : never;

export type Handler<E> = (ctx: RequestContext<E>) => Answer<E> | Promise<Answer<E>>;

type Groups = typeof endpointGroups;
export type ServiceName = keyof Groups;

/** Exactly one handler per catalogue entry of a service, keyed by endpoint id. */
export type HandlerMap<S extends ServiceName> = {
  [K in keyof Groups[S] as Groups[S][K] extends { id: infer I extends string } ? I : never]: Handler<
    Groups[S][K]
  >;
};

/** Every catalogue id with its handler; a missing id is a type error as well as a test failure. */
export type AllHandlers = { [Id in EndpointId]: Handler<EndpointCatalogue[Id]> };
