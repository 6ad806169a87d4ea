/**
 * The few helpers every consumer test uses, so an interaction reads as: which catalogue entry,
 * in which provider state, what the SDK sends, what the provider answers.
 */
import type { EndpointId } from '@matchmaker/sdk';
import {
  accountStatusSchema,
  endpoints,
  kycStatusSchema,
  matchStatusSchema,
  messageStatusSchema,
} from '@matchmaker/sdk/schemas';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { EXAMPLE_INSTANT } from '../../src/examples';
import { CONSUMER, ENDPOINT_COMMENT, type ProviderName } from '../../src/names';
import { pactOutDir } from '../../src/pact-dirs';
import { STATES, type StateKey } from '../../src/states';

export const { like, eachLike, regex, integer, decimal, boolean, datetime, fromProviderState } = MatchersV3;

type Interaction = ReturnType<PactV4['addInteraction']>;
type PathSpec = Parameters<Interaction['withRequest']>[1];
type RequestBuilderFunc = NonNullable<Parameters<Interaction['withRequest']>[2]>;
type RequestBuilder = Parameters<RequestBuilderFunc>[0];
type ResponseBuilderFunc = NonNullable<
  Parameters<ReturnType<Interaction['withRequest']>['willRespondWith']>[1]
>;
type QuerySpec = Parameters<RequestBuilder['query']>[0];
type HeaderSpec = Parameters<RequestBuilder['headers']>[0];

/** Content types are matched by pattern: a charset parameter is the provider's business. */
const JSON_CONTENT = regex('^application/json(;\\s*charset=[\\w-]+)?$', 'application/json');

/** ISO-8601 instants as `Date#toISOString` writes them. */
export const instant = (example: string = EXAMPLE_INSTANT) => datetime("yyyy-MM-dd'T'HH:mm:ss.SSSX", example);
/** A date as `YYYY-MM-DD`. */
export const isoDate = (example: string) => regex('^\\d{4}-\\d{2}-\\d{2}$', example);
/** An email address. */
export const email = (example: string) => regex('^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', example);
/** An absolute http(s) URL. */
export const url = (example: string) => regex('^https?://\\S+$', example);
/** An array of elements like `template`, possibly empty (the example holds one). */
export const listOf = <T>(template: T) => MatchersV3.atLeastLike(template, 0, 1);
/** One of the values a client branches on, exactly as written (an enum: no other casing, no other value). */
export const oneOf = <V extends string>(values: readonly V[], example: NoInfer<V>) =>
  regex(`^(${values.join('|')})$`, example);
/** KYC request statuses, which the back office filters and colours by: the SDK's enum. */
export const KYC_STATUS = kycStatusSchema.options;
/** Match request and recommendation statuses, which decide the buttons a member sees. */
export const MATCH_STATUS = matchStatusSchema.options;
/** Chat message statuses (read receipts). */
export const MESSAGE_STATUS = messageStatusSchema.options;
/** Account statuses the back office shows and filters by. */
export const ACCOUNT_STATUS = accountStatusSchema.options;
/**
 * A member's roles: any roles, but `General` among them, exactly so. The SDK treats a user without
 * it as an admin (sdk/src/rules/roles.ts), so a backend that renamed it would promote every member.
 */
export const memberRoles = () => MatchersV3.arrayContaining('General');
/**
 * A list of exactly `size` elements like `template`: pins a page size SPEC.md fixes (the provider
 * state seeds more records than one page).
 */
export const pageOf = <T>(template: T, size: number) =>
  MatchersV3.constrainedArrayLike(template, size, size, size);
/** A whole number written in a query string. */
export const pageNumber = (example: number) => regex('^\\d+$', String(example));

/** One pact handle per provider; each `executeTest` merges its interaction into the provider's file. */
export function pactWith(provider: ProviderName): PactV4 {
  const logLevel = process.env.PACT_LOG_LEVEL === 'debug' ? 'debug' : 'error';
  return new PactV4({ consumer: CONSUMER, provider, dir: pactOutDir(), logLevel });
}

/** Starts an interaction for a catalogue entry; the entry id is kept in the pact as a comment. */
export function interaction(pact: PactV4, endpoint: EndpointId, description: string): Interaction {
  return pact.addInteraction().uponReceiving(description).comment({ key: ENDPOINT_COMMENT, value: endpoint });
}

type StateParams<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? P | StateParams<Rest>
  : never;
type Params<K extends StateKey> = Record<StateParams<(typeof STATES)[K]['name']>, string>;

/** A provider state with every parameter its name declares, ready for `.given(...state(...))`. */
export function state<K extends StateKey>(key: K, params: Params<K>): [string, Record<string, string>] {
  return [STATES[key].name, params];
}

/** `${key}`: a provider-state expression (written so, the source never holds a bare `${`). */
const expression = (key: string): string => `\${${key}}`;

/** A value the verifier takes from the provider state's `key`; the example is what the consumer test sends. */
export const stateValue = <T>(key: string, example: T) => fromProviderState(expression(key), example);

/** A path parameter taken from the provider-state value `key`, with its example. */
export interface StateRef {
  readonly key: string;
  readonly example: string;
}
export const fromState = (key: string, example: string): StateRef => ({ key, example });

/**
 * The path of a catalogue entry. Each `{param}` comes from a provider-state value (the param's own
 * name unless a StateRef says otherwise), so the verifier puts the provider's real ids in it.
 */
export function pathOf(endpoint: EndpointId, values: Record<string, string | StateRef> = {}): PathSpec {
  const template = endpoints[endpoint].path;
  if (!template.includes('{')) return template;
  const refs = (name: string): StateRef => {
    const value = values[name];
    if (value === undefined) throw new Error(`${endpoint}: no value for path parameter ${name}`);
    return typeof value === 'string' ? { key: name, example: value } : value;
  };
  const withKeys = template.replace(/\{(\w+)\}/g, (_all, name: string) => expression(refs(name).key));
  const example = template.replace(/\{(\w+)\}/g, (_all, name: string) =>
    encodeURIComponent(refs(name).example),
  );
  return fromProviderState(withKeys, example);
}

export interface RequestSpec {
  /** Example access token; the verifier replaces it with the state's `accessToken`. */
  token?: string;
  query?: QuerySpec;
  body?: unknown;
  headers?: HeaderSpec;
}

/** What the SDK sends: bearer token from the provider state, query, JSON body. */
export function request(spec: RequestSpec = {}): RequestBuilderFunc {
  return (builder) => {
    const headers: HeaderSpec = { ...spec.headers };
    if (spec.token !== undefined) {
      headers.Authorization = fromProviderState(
        `Bearer ${expression('accessToken')}`,
        `Bearer ${spec.token}`,
      );
    }
    if (spec.body !== undefined) headers['Content-Type'] = JSON_CONTENT;
    if (Object.keys(headers).length > 0) builder.headers(headers);
    if (spec.query !== undefined) builder.query(spec.query);
    if (spec.body !== undefined) builder.jsonBody(spec.body);
  };
}

/** A JSON answer. */
export function json(body: unknown): ResponseBuilderFunc {
  return (builder) => {
    builder.headers({ 'Content-Type': JSON_CONTENT });
    builder.jsonBody(body);
  };
}

/** A binary answer: the content type by pattern, the bytes by content type only. */
export function binary(contentType: string, bytes: Buffer): ResponseBuilderFunc {
  return (builder) => {
    builder.headers({ 'Content-Type': regex(`^${contentType.replace(/[.+]/g, '\\$&')}$`, contentType) });
    builder.body(contentType, bytes);
  };
}

/** One part of a multipart body: a text field, or a file with its name and type. */
export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; bytes: Buffer };

/** A fixed boundary, so the stored body (and so the pact) is the same on every run. */
const BOUNDARY = 'matchmaker-contract-boundary';

function multipartBytes(parts: readonly Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'value' in part
        ? `Content-Disposition: form-data; name="${part.name}"\r\n\r\n`
        : `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`;
    chunks.push(
      Buffer.from(`--${BOUNDARY}\r\n${head}`),
      'value' in part ? Buffer.from(part.value) : part.bytes,
    );
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/**
 * A multipart upload as the SDK sends it. The boundary is matched by pattern and file parts by
 * content type, so any file of that type (and any boundary) satisfies the contract.
 */
export function multipart(token: string, parts: readonly Part[]): RequestBuilderFunc {
  return (builder) => {
    const contentType = `multipart/form-data; boundary=${BOUNDARY}`;
    builder.headers({
      Authorization: fromProviderState(`Bearer ${expression('accessToken')}`, `Bearer ${token}`),
      'Content-Type': regex('^multipart/form-data;\\s*boundary=\\S+$', contentType),
    });
    builder.body(contentType, multipartBytes(parts));
    // `body()` puts a content-type rule on the whole body, which would also apply to text fields:
    // each part gets its own rule instead (files by content type, fields by value).
    builder.matchingRules({
      body: parts.map((part) => ({
        path: `$.${part.name}`,
        rules: ['value' in part ? MatchersV3.equal(part.value) : MatchersV3.contentType(part.contentType)],
      })),
    });
  };
}
