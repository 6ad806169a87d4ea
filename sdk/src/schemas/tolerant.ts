import { z } from 'zod';

/**
 * Answer fields that are documented strictly but read tolerantly. The OpenAPI document and the
 * pacts state the known values of a choice field and the type of a typed field, so a backend is
 * checked against them; the SDK still accepts what it does not know, because one new value on the
 * backend must never stop a login. What it tolerated is noted during the parse and reported once,
 * as a contract warning, through the client's `onError`.
 */

/** A value an answer carried that the SDK accepted without knowing it. */
export interface UnknownValue {
  /** The field, such as `body_type`. */
  readonly field: string;
  readonly value: unknown;
  /** What the contract documents, such as `one of slim, athletic, ...`. */
  readonly expected: string;
}

/** The notes of the parse running now; parses are synchronous, so one list at a time is enough. */
let noting: UnknownValue[] | undefined;

/** Runs a synchronous parse and returns, beside its result, every value it tolerated. */
export function collectUnknownValues<T>(parse: () => T): { result: T; unknown: UnknownValue[] } {
  const outer = noting;
  const unknown: UnknownValue[] = [];
  noting = unknown;
  try {
    return { result: parse(), unknown };
  } finally {
    noting = outer;
  }
}

function note(field: string, value: unknown, expected: string): void {
  noting?.push({ field, value, expected });
}

/** One of the known values, or another string the SDK keeps as it is. */
export type KnownOr<K extends string> = K | (string & {});

const scalar = z.union([z.string(), z.number(), z.boolean()]);

/** A choice field: documented as its known values; any scalar is kept (as text), noted when unknown. */
export function knownValue<const C extends readonly string[]>(field: string, choices: C) {
  const known = new Set<string>(choices);
  const expected = `one of ${choices.join(', ')}`;
  return scalar
    .transform((value): KnownOr<C[number]> => {
      if (typeof value !== 'string' || !known.has(value)) note(field, value, expected);
      return String(value);
    })
    .meta({ type: 'string', enum: [...choices] });
}

/** A number field (a height): a numeric text is read as its number; anything else is null. Both noted. */
export function numberValue(field: string) {
  return scalar
    .transform((value): number | null => {
      if (typeof value === 'number') return value;
      note(field, value, 'a number');
      const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
      return Number.isFinite(parsed) ? parsed : null;
    })
    .meta({ type: 'number' });
}

const YES = new Set(['true', 'yes']);
const NO = new Set(['false', 'no']);

/** A yes/no field: `true`/`yes` and `false`/`no` texts are read as booleans, anything else as null. Noted. */
export function booleanValue(field: string) {
  return scalar
    .transform((value): boolean | null => {
      if (typeof value === 'boolean') return value;
      note(field, value, 'true or false');
      const text = String(value).trim().toLowerCase();
      return YES.has(text) ? true : NO.has(text) ? false : null;
    })
    .meta({ type: 'boolean' });
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A date field (a birth date) as `YYYY-MM-DD`; another text is kept as it is, and noted. */
export function dateValue(field: string) {
  return scalar
    .transform((value): string => {
      if (typeof value !== 'string' || !DATE.test(value)) note(field, value, 'a date as YYYY-MM-DD');
      return String(value);
    })
    .meta({ type: 'string', format: 'date' });
}
