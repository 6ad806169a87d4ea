/**
 * fast-check arbitraries from the JSON Schemas of the OpenAPI document: values the document says a
 * request may carry, and values it says a request may not (one rule broken at a time). Only the
 * keywords the generator (`src/openapi/document.ts`) writes for requests are read: type, enum,
 * const, anyOf, allOf, properties, required, additionalProperties, items, lengths, pattern,
 * format `date`, minimum/maximum and `$ref` to the document's components.
 */
import fc from 'fast-check';

export type Schema = Record<string, unknown>;
type Arb = fc.Arbitrary<unknown>;

export interface SchemaContext {
  /** `#/components/schemas/<name>` targets. */
  components: Record<string, Schema>;
}

const asSchemas = (value: unknown): Schema[] => (Array.isArray(value) ? (value as Schema[]) : []);

function resolve(schema: Schema, context: SchemaContext): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const target = context.components[ref.replace('#/components/schemas/', '')];
  if (!target) throw new Error(`conformance: unknown $ref ${ref}`);
  return target;
}

function stringArb(schema: Schema): Arb {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Math.max(minLength, 24);
  if (schema.format === 'date') {
    return fc
      .date({
        min: new Date('1930-01-01T00:00:00Z'),
        max: new Date('2007-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString().slice(0, 10));
  }
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern);
    return fc.stringMatching(pattern).filter((text) => text.length >= minLength && text.length <= maxLength);
  }
  // Mostly short text, sometimes right at the limit: limits are where providers disagree.
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 24) }) },
    { weight: 1, arbitrary: fc.string({ minLength: maxLength, maxLength }) },
  );
}

function numberArb(schema: Schema, integer: boolean): Arb {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -1_000_000;
  const max = typeof schema.maximum === 'number' ? schema.maximum : 1_000_000;
  const exclusive = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  if (integer) {
    const low = Math.max(Math.ceil(min), exclusive === undefined ? -Infinity : Math.floor(exclusive) + 1);
    return fc.integer({ min: low, max: Math.floor(max) });
  }
  return fc
    .double({ min, max, noNaN: true, noDefaultInfinity: true })
    .filter((value) => exclusive === undefined || value > exclusive);
}

function objectArb(schema: Schema, context: SchemaContext): Arb {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const record: Record<string, Arb> = {};
  for (const [key, property] of Object.entries(properties)) record[key] = validArbitrary(property, context);
  const keys = Object.keys(record).filter((key) => required.has(key));
  return fc.record(record, { requiredKeys: keys });
}

/** Values the schema accepts. */
export function validArbitrary(input: Schema, context: SchemaContext): Arb {
  const schema = resolve(input, context);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (Array.isArray(schema.anyOf))
    return fc.oneof(...asSchemas(schema.anyOf).map((part) => validArbitrary(part, context)));
  const type = schema.type;
  if (Array.isArray(type))
    return fc.oneof(...type.map((one) => validArbitrary({ ...schema, type: one }, context)));
  switch (type) {
    case 'string':
      return stringArb(schema);
    case 'integer':
      return numberArb(schema, true);
    case 'number':
      return numberArb(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = schema.items ? validArbitrary(schema.items as Schema, context) : fc.string();
      const maxLength = typeof schema.maxItems === 'number' ? Math.min(schema.maxItems, 5) : 5;
      return fc.array(items, { maxLength });
    }
    case 'object':
      return objectArb(schema, context);
    default:
      // `{}` (any value): an open body's extra key, or a value the schema leaves open.
      return fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.boolean(), fc.constant(null));
  }
}

/** One way to break a value: where, and the value that breaks it there (`undefined` removes the key). */
export interface Breakage {
  path: string[];
  value: unknown;
  why: string;
}

const WRONG_TYPES: Record<string, unknown> = {
  string: 12_345,
  number: 'not a number',
  integer: 1.5,
  boolean: 'yes',
  object: 'an object was expected',
  array: { not: 'an array' },
};

/**
 * Breakages of one field's schema, each a value that schema refuses. `text` fields (a query
 * string's) carry every value as text, so a wrong JSON type is no breakage there.
 */
function fieldBreakages(
  input: Schema,
  context: SchemaContext,
  text = false,
): { value: unknown; why: string }[] {
  const schema = resolve(input, context);
  const out: { value: unknown; why: string }[] = [];
  if (Array.isArray(schema.anyOf)) {
    // A value of none of the alternatives' types.
    const types = new Set(asSchemas(schema.anyOf).map((part) => resolve(part, context).type));
    if (!types.has('object') && !types.has('array'))
      out.push({ value: { not: 'allowed' }, why: 'no alternative' });
    return out;
  }
  if (Array.isArray(schema.enum)) out.push({ value: 'NOT_A_KNOWN_VALUE', why: 'not in the enum' });
  if ('const' in schema)
    out.push({ value: schema.const === 1 ? 2 : `not-${String(schema.const)}`, why: 'not the const' });
  const type = Array.isArray(schema.type) ? undefined : (schema.type as string | undefined);
  if (type && type in WRONG_TYPES && !(text && type === 'string'))
    out.push({ value: WRONG_TYPES[type], why: `not a ${type}` });
  if (type === 'string') {
    if (typeof schema.maxLength === 'number')
      out.push({ value: 'x'.repeat(schema.maxLength + 1), why: 'too long' });
    if (typeof schema.minLength === 'number' && schema.minLength > 0)
      out.push({ value: 'x'.repeat(schema.minLength - 1), why: 'too short' });
    if (typeof schema.pattern === 'string' || schema.format === 'date')
      out.push({ value: ' not matching ', why: 'pattern' });
  }
  if ((type === 'integer' || type === 'number') && typeof schema.minimum === 'number')
    out.push({ value: schema.minimum - 1, why: 'below the minimum' });
  if (type === 'array' && typeof schema.maxItems === 'number')
    out.push({
      value: Array.from({ length: schema.maxItems + 1 }, (_, index) => index),
      why: 'too many items',
    });
  return out;
}

/** Every single-field breakage of an object schema: a missing required key, or a bad value. */
export function objectBreakages(input: Schema, context: SchemaContext, text = false): Breakage[] {
  const schema = resolve(input, context);
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const out: Breakage[] = [];
  for (const key of (schema.required ?? []) as string[])
    out.push({ path: [key], value: undefined, why: 'missing' });
  for (const [key, property] of Object.entries(properties)) {
    for (const broken of fieldBreakages(property, context, text)) out.push({ path: [key], ...broken });
  }
  return out;
}

/** The value with one breakage applied (a copy). */
export function applyBreakage(value: unknown, breakage: Breakage): Record<string, unknown> {
  const copy: Record<string, unknown> = typeof value === 'object' && value !== null ? { ...value } : {};
  const [key] = breakage.path;
  if (key === undefined) return copy;
  if (breakage.value === undefined) delete copy[key];
  else copy[key] = breakage.value;
  return copy;
}
