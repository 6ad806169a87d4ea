/**
 * The OpenAPI document's operations as property-based probes: requests generated from each
 * operation's parameter and body schemas (valid ones, and ones that break one documented rule),
 * sent over HTTP, and the answer held to the document (a documented status, a body matching that
 * status's schema). What the conformance test (`test/conformance`) runs against the sandbox; it
 * reads only the document, so it runs the same against any provider.
 */
import fc from 'fast-check';
import { limitBreakers, limitsOf } from './body-limits';
import {
  applyBreakage,
  type Breakage,
  objectBreakages,
  type Schema,
  type SchemaContext,
  validArbitrary,
} from './json-arbitrary';

type Json = Record<string, unknown>;

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Schema;
}

export interface Operation {
  id: string;
  method: string;
  path: string;
  parameters: Parameter[];
  /** The JSON or multipart body schema, when the operation takes one. */
  body?: { type: 'json' | 'multipart'; schema: Schema; fileTypes: string[] };
  responses: Record<string, Json>;
}

/** A request's pieces, as a probe builds them or a pact records them. */
export interface RequestPieces {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** Query keys the operation does not list, sent as they are (the document does not forbid them). */
  unlistedQuery?: readonly (readonly [string, string])[];
  /** A JSON body's value, or a multipart body's plain fields. */
  body?: unknown;
  /** A JSON body's text when it is sent as written (a `__proto__` key would not survive stringify). */
  rawBody?: string;
  /** A multipart body's file; `null` sends none. */
  file?: { bytes: number; type: string } | null;
  /** A multipart body sent as this text with this content type, whatever it holds (a malformed one). */
  rawMultipart?: { contentType: string; text: string };
}

/** One request: its pieces, and what it breaks when it is meant to be refused. */
export interface Probe extends RequestPieces {
  broken?: string;
}

export function operationsOf(document: Json): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(item)) {
      const content = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
      const json = content?.['application/json'];
      const multipart = content?.['multipart/form-data'];
      const encoding = (multipart?.encoding as Record<string, { contentType?: string }> | undefined)?.file;
      out.push({
        id: op.operationId as string,
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters ?? []) as Parameter[],
        ...(json ? { body: { type: 'json', schema: json.schema as Schema, fileTypes: [] } } : {}),
        ...(multipart
          ? {
              body: {
                type: 'multipart',
                schema: multipart.schema as Schema,
                fileTypes: (encoding?.contentType ?? 'image/png').split(/,\s*/),
              },
            }
          : {}),
        responses: op.responses as Record<string, Json>,
      });
    }
  }
  return out;
}

/** Real values for path parameters (ids of seeded records), so probes reach records, not only 404s. */
export type PathValues = (operation: Operation, parameter: string) => readonly string[];

function paramArbitrary(
  operation: Operation,
  parameter: Parameter,
  context: SchemaContext,
  known: PathValues,
) {
  const generated = validArbitrary(parameter.schema, context).filter(
    // An empty or dot segment is another path, not this operation's.
    (value) => !['', '.', '..'].includes(String(value)),
  );
  // The real values are read when a run starts, once the provider's data exists.
  return fc.constant(undefined).chain(() => {
    const real = known(operation, parameter.name);
    return real.length > 0
      ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...real) }, generated)
      : generated;
  });
}

function fileArbitrary(types: string[]) {
  return fc.record({ bytes: fc.integer({ min: 1, max: 2048 }), type: fc.constantFrom(...types) });
}

/**
 * Query keys no operation lists, which the document leaves a provider free to ignore: named after
 * what every JavaScript object inherits, so a provider that looks a key up without an own-property
 * check (and finds a function) is caught.
 */
export const UNLISTED_QUERY_KEYS = Object.getOwnPropertyNames(Object.prototype);

/** Multipart bodies no parser can read: what a provider must refuse with a 4xx, never a 5xx. */
const BOUNDARY = 'conformance-boundary';
export const MALFORMED_MULTIPART: readonly (readonly [NonNullable<Probe['rawMultipart']>, string])[] = [
  [{ contentType: 'multipart/form-data', text: 'abc' }, 'a multipart body without a boundary'],
  [
    { contentType: `multipart/form-data; boundary=${BOUNDARY}`, text: 'abc' },
    'a multipart body without parts',
  ],
  [
    {
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      text: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`,
    },
    'a file part cut off before its closing boundary',
  ],
];

const unlistedQueryArbitrary = fc.array(
  fc.tuple(fc.constantFrom(...UNLISTED_QUERY_KEYS), fc.oneof(fc.constant(''), fc.string({ maxLength: 6 }))),
  { maxLength: 2 },
);

/** Requests the document says the operation takes. */
export function validProbes(
  operation: Operation,
  context: SchemaContext,
  known: PathValues,
): fc.Arbitrary<Probe> {
  const params: Record<string, fc.Arbitrary<unknown>> = {};
  const query: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredQuery: string[] = [];
  for (const parameter of operation.parameters) {
    if (parameter.in === 'path')
      params[parameter.name] = paramArbitrary(operation, parameter, context, known);
    else {
      query[parameter.name] = validArbitrary(parameter.schema, context);
      if (parameter.required) requiredQuery.push(parameter.name);
    }
  }
  const body = operation.body;
  const fields =
    body?.type === 'multipart'
      ? validArbitrary(
          {
            ...body.schema,
            properties: withoutFile(body.schema),
            required: withoutFileRequired(body.schema),
          },
          context,
        )
      : body
        ? validArbitrary(body.schema, context)
        : fc.constant(undefined);
  return fc.record({
    params: fc.record(params),
    query: fc.record(query, { requiredKeys: requiredQuery }),
    unlistedQuery: unlistedQueryArbitrary,
    body: fields,
    file: body?.type === 'multipart' ? fileArbitrary(body.fileTypes) : fc.constant(undefined),
  }) as fc.Arbitrary<Probe>;
}

const withoutFile = (schema: Schema): Json => {
  const { file: _file, ...rest } = (schema.properties ?? {}) as Json;
  return rest;
};
const withoutFileRequired = (schema: Schema): string[] =>
  ((schema.required ?? []) as string[]).filter((name) => name !== 'file');

/**
 * Requests that break one rule the document states: a missing required key or a bad value in the
 * body or the query, a path parameter over its length, a `__proto__` key, an upload without a
 * usable file. Undefined when the document states no rule this operation's requests could break.
 */
export function invalidProbes(
  operation: Operation,
  context: SchemaContext,
  known: PathValues,
): fc.Arbitrary<Probe> | undefined {
  const valid = validProbes(operation, context, known);
  const choices: fc.Arbitrary<(probe: Probe) => Probe>[] = [];
  const body = operation.body;
  if (body?.type === 'json') {
    const breakages = objectBreakages(body.schema, context);
    if (breakages.length > 0)
      choices.push(
        fc.constantFrom(...breakages).map((breakage) => (probe: Probe) => breakBody(probe, breakage)),
      );
    // A bounded object body carries one value past a limit under a key of its own.
    const limits = limitsOf(body.schema);
    if (limits && body.schema.type === 'object')
      choices.push(
        fc.constantFrom(...limitBreakers(limits)).map(([value, why]) => (probe: Probe) => ({
          ...probe,
          body: { ...(probe.body as Record<string, unknown> | undefined), conformance_limit: value },
          broken: why,
        })),
      );
    choices.push(
      fc.constant((probe: Probe) => {
        const text = JSON.stringify(probe.body ?? {});
        const rawBody =
          text === '{}' ? '{"__proto__":{"admin":true}}' : `{"__proto__":{"admin":true},${text.slice(1)}`;
        return { ...probe, rawBody, broken: 'a __proto__ key' };
      }),
    );
  }
  if (body?.type === 'multipart') {
    choices.push(
      fc
        .constantFrom<[Probe['file'], string]>(
          [null, 'no file'],
          [{ bytes: 0, type: body.fileTypes[0] ?? 'image/png' }, 'an empty file'],
          [{ bytes: 16, type: 'text/html' }, 'a file of a type it does not take'],
        )
        .map(([file, why]) => (probe: Probe) => ({ ...probe, file, broken: why })),
      fc.constantFrom(...MALFORMED_MULTIPART).map(([rawMultipart, why]) => (probe: Probe) => ({
        ...probe,
        rawMultipart,
        broken: why,
      })),
    );
  }
  for (const parameter of operation.parameters) {
    const schema = parameter.schema;
    if (parameter.in === 'query') {
      const breakages = objectBreakages(
        {
          type: 'object',
          properties: { [parameter.name]: schema },
          required: parameter.required ? [parameter.name] : [],
        },
        context,
        true,
      );
      if (breakages.length > 0)
        choices.push(
          fc.constantFrom(...breakages).map((breakage) => (probe: Probe) => ({
            ...probe,
            query: applyBreakage(probe.query, breakage),
            broken: `query ${parameter.name}: ${breakage.why}`,
          })),
        );
    } else {
      const maxLength = pathMaxLength(schema);
      if (maxLength === undefined) continue;
      const tooLong = 'x'.repeat(maxLength + 1);
      choices.push(
        fc.constant((probe: Probe) => ({
          ...probe,
          params: { ...probe.params, [parameter.name]: tooLong },
          broken: `path ${parameter.name}: too long`,
        })),
      );
    }
  }
  if (choices.length === 0) return undefined;
  return fc.tuple(valid, fc.oneof(...choices)).map(([probe, breakIt]) => breakIt(probe));
}

/** A path parameter's length limit: its own, or its text branch's (an id is text or a number). */
function pathMaxLength(schema: Schema): number | undefined {
  if (typeof schema.maxLength === 'number') return schema.maxLength;
  const text = ((schema.anyOf ?? []) as Schema[]).find((branch) => branch.type === 'string');
  return typeof text?.maxLength === 'number' ? text.maxLength : undefined;
}

function breakBody(probe: Probe, breakage: Breakage): Probe {
  return {
    ...probe,
    body: applyBreakage(probe.body, breakage),
    broken: `body ${breakage.path.join('.')}: ${breakage.why}`,
  };
}

/** The fetch request of a probe. */
export function requestOf(baseUrl: string, operation: Operation, probe: Probe, token: string | undefined) {
  let path = operation.path;
  for (const [name, value] of Object.entries(probe.params))
    path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
  const url = new URL(path, baseUrl);
  for (const [name, value] of Object.entries(probe.query)) {
    if (value !== undefined)
      url.searchParams.set(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  for (const [name, value] of probe.unlistedQuery ?? []) url.searchParams.append(name, value);
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let body: BodyInit | undefined;
  if (probe.rawMultipart !== undefined) {
    headers['content-type'] = probe.rawMultipart.contentType;
    body = probe.rawMultipart.text;
  } else if (operation.body?.type === 'multipart') {
    const form = new FormData();
    for (const [name, value] of Object.entries((probe.body ?? {}) as Json)) {
      if (value !== undefined) form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
    }
    if (probe.file)
      form.append(
        'file',
        new Blob([new Uint8Array(probe.file.bytes)], { type: probe.file.type }),
        'probe.bin',
      );
    body = form;
  } else if (probe.rawBody !== undefined || probe.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = probe.rawBody ?? JSON.stringify(probe.body);
  }
  return { url: url.toString(), init: { method: operation.method, headers, body } satisfies RequestInit };
}
