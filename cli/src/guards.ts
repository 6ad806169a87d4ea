/**
 * Defensive readers of API answers. The CLI prints answers generically and reads only the few
 * fields it needs (ids, page counts, lists) through these guards, never by casting.
 */

export type JsonRecord = Record<string, unknown>;

export const isRecord = (value: unknown): value is JsonRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The first error of the class `kind` in `error`'s chain of causes: what the CLI's fetch throws
 * inside an SDK call comes back as the cause of the SDK's NetworkError (ofetch wraps it once more).
 */
export function causeOf<T extends Error>(
  error: unknown,
  kind: abstract new (...args: never[]) => T,
): T | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    if (current instanceof kind) return current;
    current = current.cause;
  }
  return undefined;
}

/** The array at `key` of an answer, or the answer itself when it is an array; [] otherwise. */
export function listAt(answer: unknown, key: string): unknown[] {
  if (Array.isArray(answer)) return answer;
  if (!isRecord(answer)) return [];
  const value = answer[key];
  return Array.isArray(value) ? value : [];
}

/** A finite number at `key`, or undefined. */
export function numberAt(value: unknown, key: string): number | undefined {
  if (!isRecord(value)) return undefined;
  const found = value[key];
  return typeof found === 'number' && Number.isFinite(found) ? found : undefined;
}

/** A non-empty string (or a number, as text) at `key`, or undefined. */
export function stringAt(value: unknown, key: string): string | undefined {
  if (!isRecord(value)) return undefined;
  const found = value[key];
  if (typeof found === 'string' && found !== '') return found;
  if (typeof found === 'number' && Number.isFinite(found)) return String(found);
  return undefined;
}

/** A string array at `key` (non-strings dropped), or undefined. */
export function stringsAt(value: unknown, key: string): string[] | undefined {
  if (!isRecord(value)) return undefined;
  const found = value[key];
  return Array.isArray(found) ? found.filter((item): item is string => typeof item === 'string') : undefined;
}
