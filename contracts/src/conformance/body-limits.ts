/**
 * The document's `x-body-limits` as a judge: limits of a JSON body as a whole (nesting, keys and
 * items in all, size, characters in any string), which no JSON Schema keyword states. Read from
 * the document and measured here on their own, not with the SDK's `jsonLimitBreach`, so the
 * check is the document's reading rather than the implementation's agreeing with itself.
 */
import type { Schema } from './json-arbitrary';

export const BODY_LIMITS_KEY = 'x-body-limits';

export interface BodyLimits {
  /** Levels of nesting; the body itself is level 1. */
  readonly depth: number;
  /** Keys and array items in all, unknown keys included. */
  readonly entries: number;
  /** About this many bytes as JSON (checked here as UTF-8 bytes of the JSON text). */
  readonly bytes: number;
  /** Characters (code points) in any string value. */
  readonly string: number;
}

/** The limits a body schema states, if it states them. */
export function limitsOf(schema: Schema): BodyLimits | undefined {
  const limits = (schema as Record<string, unknown>)[BODY_LIMITS_KEY] as Partial<BodyLimits> | undefined;
  if (!limits) return undefined;
  const { depth, entries, bytes, string } = limits;
  for (const [name, value] of Object.entries({ depth, entries, bytes, string }))
    if (!Number.isInteger(value) || (value as number) < 1)
      throw new Error(
        `${BODY_LIMITS_KEY}.${name} must be a whole number >= 1 (got ${JSON.stringify(value)})`,
      );
  return limits as BodyLimits;
}

/** How `value` breaks `limits`: one line per limit broken, naming where; empty when it keeps them. */
export function bodyLimitProblems(value: unknown, limits: BodyLimits): string[] {
  const problems: string[] = [];
  let entries = 0;
  let deepest: { depth: number; at: string } = { depth: 0, at: 'body' };
  let longest: { length: number; at: string } = { length: 0, at: 'body' };
  const stack: { value: unknown; depth: number; at: string }[] = [{ value, depth: 0, at: 'body' }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const current = next.value;
    if (typeof current === 'string') {
      const length = [...current].length;
      if (length > longest.length) longest = { length, at: next.at };
    } else if (typeof current === 'object' && current !== null) {
      const depth = next.depth + 1;
      if (depth > deepest.depth) deepest = { depth, at: next.at };
      const children: [string, unknown][] = Array.isArray(current)
        ? current.map((item, index) => [`[${index}]`, item])
        : Object.entries(current).map(([key, child]) => [`.${key}`, child]);
      entries += children.length;
      for (const [key, child] of children) stack.push({ value: child, depth, at: `${next.at}${key}` });
    }
  }
  if (deepest.depth > limits.depth)
    problems.push(
      `${deepest.at}: nested ${deepest.depth} levels deep, over the ${limits.depth} of ${BODY_LIMITS_KEY}`,
    );
  if (entries > limits.entries)
    problems.push(`body: ${entries} keys and items in all, over the ${limits.entries} of ${BODY_LIMITS_KEY}`);
  if (longest.length > limits.string)
    problems.push(
      `${longest.at}: ${longest.length} characters, over the ${limits.string} of ${BODY_LIMITS_KEY}`,
    );
  const bytes = Buffer.byteLength(JSON.stringify(value));
  if (bytes > limits.bytes)
    problems.push(`body: ${bytes} bytes as JSON, over the ${limits.bytes} of ${BODY_LIMITS_KEY}`);
  return problems;
}

/**
 * Values that break one limit each and keep the others, for a body to carry under a key of its
 * own (the limits count unknown keys too), with what each breaks.
 */
export function limitBreakers(limits: BodyLimits): readonly (readonly [unknown, string])[] {
  // Under a key of the body, so the body's own level and key count toward the limits.
  let nested: unknown = 'deep';
  for (let level = 0; level < limits.depth; level++) nested = { a: nested };
  const perString = Math.min(limits.string, Math.ceil(limits.bytes / 16));
  const strings = Math.ceil(limits.bytes / perString) + 1;
  return [
    [nested, `nesting over ${limits.depth} levels (${BODY_LIMITS_KEY})`],
    [
      Array.from({ length: limits.entries + 1 }, () => 0),
      `over ${limits.entries} keys and items (${BODY_LIMITS_KEY})`,
    ],
    ['é'.repeat(limits.string + 1), `a string over ${limits.string} characters (${BODY_LIMITS_KEY})`],
    [
      Array.from({ length: strings }, () => 'x'.repeat(perString)),
      `over ${limits.bytes} bytes (${BODY_LIMITS_KEY})`,
    ],
  ];
}
