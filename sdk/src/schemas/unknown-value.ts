/**
 * A value an answer carried that the SDK accepted without knowing it, and how the warning words
 * what was kept. Apart from `tolerant.ts` (the zod readers that note these values) because the
 * errors module needs it: errors are part of every page's first load in the web app, zod is not.
 */

/** A value an answer carried that the SDK accepted without knowing it. */
export interface UnknownValue {
  /** The field, such as `body_type`. */
  readonly field: string;
  readonly value: unknown;
  /** What the contract documents, such as `one of slim, athletic, ...`. */
  readonly expected: string;
  /** What the answer holds instead: the value as sent, another type's reading of it, or null. */
  readonly kept: unknown;
}

/** What was done with a tolerated value, as the warning says it. */
export function whatWasKept(unknown: UnknownValue): string {
  if (Object.is(unknown.kept, unknown.value)) return 'kept as sent';
  if (unknown.kept === null) return 'dropped (read as null)';
  return `read as ${JSON.stringify(unknown.kept)}`;
}
