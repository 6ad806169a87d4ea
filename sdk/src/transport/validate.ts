import type { z } from 'zod';
import { ContractError } from '../errors';

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
