/**
 * Handler types, derived from the SDK's catalogue so a handler's params, query and body have the
 * types the SDK sends, and its answer the type the SDK's response schema accepts.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { EndpointId } from '@matchmaker/sdk';
import type { EndpointCatalogue, EndpointDef, endpointGroups } from '@matchmaker/sdk/schemas';
import type { z } from 'zod';
import type { UserRecord } from '../state/types';
import type { World } from '../world';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

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

/** What a handler returns: anything the response schema accepts, or bytes for binary calls. */
export type Answer<E> = E extends { response: infer R }
  ? R extends z.ZodType
    ? z.input<R>
    : BinaryAnswer
  : never;

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

/** The router's view: any handler, called with an untyped context. */
export type AnyHandler = (ctx: RequestContext) => unknown;
