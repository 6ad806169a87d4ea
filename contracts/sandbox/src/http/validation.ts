/**
 * Request validation with the catalogue's zod schemas. Query strings, path parameters and
 * multipart fields arrive as text while the SDK's schemas type them as numbers, booleans and
 * literals, so a value is turned into a number or boolean only when the text itself does not
 * parse and the converted value does.
 */
import { BODY_LIMITS_KEY, type BodyLimits, jsonLimitBreach } from '@matchmaker/sdk/schemas';
import * as z from 'zod/mini';
import { dict } from '../state/dict';
import type { FieldError } from './api-error';

export type Section = 'params' | 'query' | 'body';

export interface Validated {
  ok: true;
  value: unknown;
}
export interface Invalid {
  ok: false;
  errors: FieldError[];
}

/**
 * The field schemas of an object schema (through optional/nullable wrappers), when it is one.
 * Read through zod's core classes, so a schema of classic zod's API is read as one of mini's.
 */
export function objectShape(schema: z.core.$ZodType): Record<string, z.core.$ZodType> | undefined {
  let current: z.core.$ZodType = schema;
  for (let depth = 0; depth < 5; depth++) {
    if (current instanceof z.core.$ZodObject) return current._zod.def.shape;
    if (current instanceof z.core.$ZodOptional || current instanceof z.core.$ZodNullable) {
      current = current._zod.def.innerType;
      continue;
    }
    return undefined;
  }
  return undefined;
}

/**
 * A number as text: decimal digits only, as the SDK writes one. `0x1`, `1e0`, ` 1` and `Infinity`
 * are not numbers here, though `Number()` reads them, so they are refused as the document refuses
 * them rather than answered as page 1.
 */
const DECIMAL = /^-?\d+(?:\.\d+)?$/;

function coerceText(schema: z.core.$ZodType | undefined, text: string): unknown {
  if (!schema || z.safeParse(schema, text).success) return text;
  if (DECIMAL.test(text)) {
    const asNumber = Number(text);
    if (z.safeParse(schema, asNumber).success) return asNumber;
  }
  if (text === 'true' || text === 'false') {
    const asBoolean = text === 'true';
    if (z.safeParse(schema, asBoolean).success) return asBoolean;
  }
  if (text === 'null' && z.safeParse(schema, null).success) return null;
  return text;
}

/** Converts text values of a flat record (query, params, multipart fields) to what the schema wants. */
export function coerceRecord(schema: z.core.$ZodType, raw: Record<string, unknown>): Record<string, unknown> {
  const shape = objectShape(schema);
  const out = dict<unknown>();
  for (const [key, value] of Object.entries(raw)) {
    // Own keys only: `?valueOf=` must not find the `valueOf` every object inherits.
    const field = shape && Object.hasOwn(shape, key) ? shape[key] : undefined;
    if (typeof value === 'string') out[key] = coerceText(field, value);
    // A repeated query key arrives as an array; keep the last value unless the schema wants a list.
    else if (Array.isArray(value) && field && !z.safeParse(field, value).success) {
      const last: unknown = value[value.length - 1];
      out[key] = typeof last === 'string' ? coerceText(field, last) : last;
    } else out[key] = value;
  }
  return out;
}

export function formatPath(section: Section, path: readonly PropertyKey[]): string {
  let out: string = section;
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : `.${String(key)}`;
  return out;
}

/**
 * Where a body breaks the limits its schema states (`x-body-limits`: nesting, keys and items in
 * all, size), measured on the body as received: unknown keys count, as the document says, though
 * the schema then drops them (the SDK's check runs on what the schema kept).
 */
export function bodyLimitErrors(schema: z.core.$ZodType, body: unknown): FieldError[] {
  const limits = z.globalRegistry.get(schema)?.[BODY_LIMITS_KEY] as BodyLimits | undefined;
  const breach = limits ? jsonLimitBreach(body, limits) : undefined;
  return breach ? [{ path: formatPath('body', breach.path), message: breach.message }] : [];
}

export function validate(section: Section, schema: z.core.$ZodType, value: unknown): Validated | Invalid {
  const result = z.safeParse(schema, value);
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    errors: result.error.issues.map((issue) => ({
      path: formatPath(section, issue.path),
      message: issue.message,
    })),
  };
}
