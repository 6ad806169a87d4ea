import * as z from 'zod/mini';
import { compileSchema } from '#zod-compile';
import type { EndpointDef } from '../endpoints/define';
import { ContractError } from '../errors';
import { prototypeKeyBreach } from '../schemas/limits';

/** Renders a zod issue path like `roles[0].name`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

/**
 * How many times a schema is parsed with zod's runtime parser before it is compiled. zod's
 * `compile` generates a parser for the schema's whole shape (with `new Function`) that costs a
 * tenth of the runtime parse of a 2 KB user (the typed profile fields each run a pipe and a
 * transform there), and answers exactly as the runtime does: on any failure it hands the input
 * back to the runtime, so the issues are the runtime's. Compiling the user schema takes about
 * 15 ms, which a one-off command (the CLI's `whoami`) would pay for nothing; only a schema that
 * has shown it is on a hot path (a bulk run, a long-lived app) is compiled. Browsers never
 * compile (`zod-compile.browser.ts`).
 */
export const COMPILE_AFTER_PARSES = 1_000;

/** Per schema: its parse count until it is compiled, then the compiled clone. */
const parsers = new WeakMap<z.core.$ZodType, number | z.core.$ZodType>();

/** The parser to use for `schema` now: itself, or its compiled clone once it is on a hot path. */
export function parserOf<S extends z.core.$ZodType>(schema: S): S {
  const seen = parsers.get(schema);
  if (typeof seen === 'object') return seen as S;
  const parses = (seen ?? 0) + 1;
  if (parses < COMPILE_AFTER_PARSES) {
    parsers.set(schema, parses);
    return schema;
  }
  const parser = compileSchema(schema);
  parsers.set(schema, parser);
  return parser;
}

/** Parses `value` with `schema`, or throws a ContractError naming the endpoint and the first bad field. */
export function parseOrThrow<S extends z.core.$ZodType>(
  schema: S,
  value: unknown,
  endpointId: string,
  direction: 'request' | 'response' | 'event',
  prefix = '',
): z.output<S> {
  const result = z.safeParse(parserOf(schema), value);
  if (result.success) return result.data;
  throw new ContractError(
    endpointId,
    direction,
    result.error.issues.map((issue) => ({
      path: [prefix, formatPath(issue.path)].filter((part) => part !== '').join('.'),
      message: issue.message,
    })),
  );
}

/**
 * Parses a JSON body with its schema, after refusing prototype keys anywhere in it: a strict
 * schema would strip them silently, but the provider refuses the whole body.
 */
export function parseRequestBody<S extends z.core.$ZodType>(
  schema: S,
  value: unknown,
  endpointId: string,
): z.output<S> {
  const breach = prototypeKeyBreach(value);
  if (breach) {
    throw new ContractError(endpointId, 'request', [
      {
        path: ['body', formatPath(breach.path)].filter((part) => part !== '').join('.'),
        message: breach.message,
      },
    ]);
  }
  return parseOrThrow(schema, value, endpointId, 'request', 'body');
}

/**
 * Checks a multipart body against the entry's upload rule (a non-empty file of an allowed type and
 * size, not too many files) and its plain fields against the entry's fields schema, as the
 * provider would; the FormData itself is sent unchanged.
 */
export function checkMultipart(endpoint: EndpointDef, body: unknown): FormData {
  const refuse = (path: string, message: string): never => {
    throw new ContractError(endpoint.id, 'request', [{ path, message }]);
  };
  if (!(body instanceof FormData)) return refuse('body', 'Expected a multipart body (FormData)');
  const rule = endpoint.upload;
  const fields: Record<string, string> = {};
  let files = 0;
  for (const [name, value] of body.entries()) {
    if (typeof value === 'string') fields[name] = value;
    else files += 1;
  }
  if (rule) {
    const path = `body.${rule.field}`;
    const file = body.get(rule.field);
    if (!(file instanceof Blob)) refuse(path, `A file is required (multipart field "${rule.field}")`);
    const blob = file as Blob;
    if (blob.size === 0) refuse(path, 'The file is empty');
    if (blob.size > rule.maxBytes) refuse(path, `The file is larger than ${rule.maxBytes} bytes`);
    if (!rule.contentTypes.includes(blob.type))
      refuse(path, `Unsupported file type ${blob.type || 'unknown'}`);
    if (files > rule.maxFiles) refuse('body', `More than ${rule.maxFiles} files`);
  }
  if (endpoint.body) parseOrThrow(endpoint.body, fields, endpoint.id, 'request', 'body');
  return body;
}
