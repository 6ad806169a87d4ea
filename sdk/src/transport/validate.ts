import type { z } from 'zod';
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

/** Parses `value` with `schema`, or throws a ContractError naming the endpoint and the first bad field. */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  value: unknown,
  endpointId: string,
  direction: 'request' | 'response' | 'event',
  prefix = '',
): z.output<S> {
  const result = schema.safeParse(value);
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
export function parseRequestBody<S extends z.ZodType>(
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
