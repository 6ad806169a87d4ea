import * as z from 'zod/mini';
import type { UnknownValue } from './unknown-value';

export { type UnknownValue, whatWasKept } from './unknown-value';

/**
 * Answer fields that are documented strictly but read tolerantly. The OpenAPI document and the
 * pacts state the known values of a choice field and the type of a typed field, so a backend is
 * checked against them; the SDK still accepts what it does not know, because one new value on the
 * backend must never stop a login. What it tolerated is noted during the parse and reported once,
 * as a contract warning, through the client's `onError`.
 */

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

/** Notes a tolerated value and answers what is kept of it. */
function note<T>(field: string, value: unknown, expected: string, kept: T): T {
  noting?.push({ field, value, expected, kept });
  return kept;
}

/**
 * Any JSON value: a field of a tolerant answer never fails the parse, whatever type arrives (an
 * array, an object); what cannot be kept as the field's type is read as null, and noted.
 */
const anyValue = z.unknown();
const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** One of the known values, or another string the SDK keeps as it is. */
export type KnownOr<K extends string> = K | (string & {});

/**
 * A choice field: documented as its known values. Another text is kept as sent, a number or
 * boolean read as its text, anything else (an array, an object) as null; each noted.
 */
export function knownValue<const C extends readonly string[]>(field: string, choices: C) {
  const known = new Set<string>(choices);
  const expected = `one of ${choices.join(', ')}`;
  return z
    .pipe(
      anyValue,
      z.transform((value): KnownOr<C[number]> | null | undefined => {
        if (value === undefined || value === null) return value;
        if (typeof value === 'string' && known.has(value)) return value;
        return note(
          field,
          value,
          expected,
          isScalar(value) ? (typeof value === 'string' ? value : String(value)) : null,
        );
      }),
    )
    .check(z.meta({ type: 'string', enum: [...choices] }));
}

/** A free-text field: any scalar as sent; anything else (an array, an object) read as null, noted. */
export function scalarValue(field: string) {
  return z
    .pipe(
      anyValue,
      z.transform((value): string | number | boolean | null | undefined => {
        if (value === undefined || value === null || isScalar(value)) return value;
        return note(field, value, 'text, a number or true/false', null);
      }),
    )
    .check(z.meta({ type: ['string', 'number', 'boolean'] }));
}

/** A number field (a height): a numeric text is read as its number; anything else is null. Both noted. */
export function numberValue(field: string) {
  return z
    .pipe(
      anyValue,
      z.transform((value): number | null | undefined => {
        if (value === undefined || value === null || typeof value === 'number') return value;
        const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
        return note(field, value, 'a number', Number.isFinite(parsed) ? parsed : null);
      }),
    )
    .check(z.meta({ type: 'number' }));
}

const YES = new Set(['true', 'yes']);
const NO = new Set(['false', 'no']);

/** A yes/no field: `true`/`yes` and `false`/`no` texts are read as booleans, anything else as null. Noted. */
export function booleanValue(field: string) {
  return z
    .pipe(
      anyValue,
      z.transform((value): boolean | null | undefined => {
        if (value === undefined || value === null || typeof value === 'boolean') return value;
        const text = isScalar(value) ? String(value).trim().toLowerCase() : '';
        return note(field, value, 'true or false', YES.has(text) ? true : NO.has(text) ? false : null);
      }),
    )
    .check(z.meta({ type: 'boolean' }));
}

/** A real calendar date as `YYYY-MM-DD` (`1996-13-45` is not one), as the document's `format: date`. */
const DATE = z.iso.date();

/**
 * A date field (a birth date) as `YYYY-MM-DD`; another text is kept as it is, a number as its
 * text, anything else read as null; each noted.
 */
export function dateValue(field: string) {
  return z
    .pipe(
      anyValue,
      z.transform((value): string | null | undefined => {
        if (value === undefined || value === null) return value;
        if (typeof value === 'string' && DATE.safeParse(value).success) return value;
        return note(field, value, 'a date as YYYY-MM-DD', isScalar(value) ? String(value) : null);
      }),
    )
    .check(z.meta({ type: 'string', format: 'date' }));
}
