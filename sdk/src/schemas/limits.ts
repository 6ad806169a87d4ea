import * as z from 'zod/mini';

/**
 * Length limits of everything a client sends. SPEC.md gives none, so these are the SDK's: generous
 * for any real use, small enough that one request cannot grow the backend's data (or a room list,
 * or a log) by megabytes. The request schemas carry them, so a client fails fast with the same
 * field error the sandbox would answer.
 */
export const TEXT_LIMITS = {
  /** Names, usernames, cities, countries, codes, statuses, types, dates. */
  name: 100,
  /** RFC 5321's limit on an address. */
  email: 254,
  password: 256,
  /** A stored file's name. */
  filename: 255,
  /** Refresh and one-time tokens. */
  token: 512,
  /** Free text: a profile's `about`, a report's reason, a caption, a profile value. */
  text: 2_000,
  /** One chat message. */
  message: 4_000,
} as const;

/** Ids in one bulk call (profiles, statuses, images, message statuses, notifications). */
export const MAX_IDS = 500;

/**
 * Bounds of a request body as a whole, extra keys included: open bodies (`looseObject`) pass
 * unknown keys through, and those must not be able to nest thousands of levels deep or carry
 * megabytes either.
 */
export const BODY_LIMITS = {
  /** Nesting of objects and arrays; the body itself is depth 1. */
  depth: 8,
  /** Keys and array items in the whole body. */
  entries: 2_000,
  /** The body's size as JSON, approximately (strings and keys counted in UTF-16 units). */
  bytes: 64 * 1024,
  /** Any string anywhere in the body, unknown keys included, in characters (code points). */
  string: TEXT_LIMITS.message,
} as const;

export type BodyLimits = { [K in keyof typeof BODY_LIMITS]: number };

/**
 * Limits of a request as a whole, which a provider applies before it reads the call's schemas:
 * past them the sandbox answers 413 (body) or 414 (path) rather than 400 with a field path.
 */
export const REQUEST_LIMITS = {
  /** A JSON body's size in bytes. */
  jsonBytes: 1024 * 1024,
  /** One path parameter's length in characters (the longest stored file name). */
  pathParam: TEXT_LIMITS.filename,
} as const;

/** The file of an upload (images, KYC documents, chat files). */
export const UPLOAD_LIMITS = {
  /** Pictures and PDF documents. */
  contentTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml', 'application/pdf'],
  maxBytes: 10 * 1024 * 1024,
  maxFiles: 5,
} as const;

/**
 * Keys a JSON body may not have anywhere: `__proto__`, and `constructor` holding a `prototype`.
 * Parsed naively they would change what every object inherits, so providers refuse them (the
 * sandbox's JSON parser does, as fastify's does by default) and so does the SDK, before sending.
 */
export function prototypeKeyBreach(value: unknown): { path: PropertyKey[]; message: string } | undefined {
  // Each node links to its parent rather than copying its path: a body nested 20,000 levels deep
  // is walked in linear time, and a path is built only for the key that breaks the rule.
  interface Node {
    value: unknown;
    key: PropertyKey | undefined;
    parent: Node | undefined;
  }
  const pathOf = (node: Node, ...tail: PropertyKey[]): PropertyKey[] => {
    const path = tail;
    for (let at: Node | undefined = node; at?.parent; at = at.parent) path.unshift(at.key as PropertyKey);
    return path;
  };
  const stack: Node[] = [{ value, key: undefined, parent: undefined }];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    const current = node.value;
    if (typeof current !== 'object' || current === null) continue;
    if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++)
        stack.push({ value: current[index], key: index, parent: node });
      continue;
    }
    if (Object.hasOwn(current, '__proto__'))
      return { path: pathOf(node, '__proto__'), message: 'Keys named __proto__ are not allowed' };
    const ctor: unknown = (current as Record<string, unknown>).constructor;
    if (
      Object.hasOwn(current, 'constructor') &&
      typeof ctor === 'object' &&
      ctor !== null &&
      Object.hasOwn(ctor, 'prototype')
    )
      return {
        path: pathOf(node, 'constructor', 'prototype'),
        message: 'A constructor.prototype key is not allowed',
      };
    for (const [key, child] of Object.entries(current)) stack.push({ value: child, key, parent: node });
  }
  return undefined;
}

/** A string of at most `max` characters. */
export function boundedText(max: number): z.ZodMiniString<string> {
  return z.string().check(z.maxLength(max, { error: `Must be at most ${max} characters` }));
}

/**
 * A path parameter's text: not empty (`users/` is another path, or none) and at most
 * `REQUEST_LIMITS.pathParam` characters, so the client refuses before sending what a server
 * answers 400 or 414.
 */
export const pathText = boundedText(REQUEST_LIMITS.pathParam).check(
  z.minLength(1, { error: 'Must not be empty' }),
);

/** An id in a path: text as `pathText`, or a number (ids arrive as either, `common.ts` `id`). */
export const pathId = z.union([pathText, z.number()]);

/** A list of at most `max` items. */
export function boundedList<T extends z.ZodMiniType>(item: T, max = MAX_IDS): z.ZodMiniArray<T> {
  return z.array(item).check(z.maxLength(max, { error: `Must have at most ${max} items` }));
}

/**
 * Characters as every limit counts them: code points, as zod's `.max` and JSON Schema's
 * `maxLength` do (an emoji is one character, though two UTF-16 units; `नमस्ते` is six).
 */
export function characterCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i += 1;
    }
    count += 1;
  }
  return count;
}

/** Where a value first breaks the limits, or undefined. Iterative, so any depth is safe to measure. */
export function jsonLimitBreach(
  value: unknown,
  limits: BodyLimits = BODY_LIMITS,
): { path: PropertyKey[]; message: string } | undefined {
  let entries = 0;
  let bytes = 0;
  const stack: { value: unknown; depth: number; path: PropertyKey[] }[] = [{ value, depth: 0, path: [] }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const current = next.value;
    if (typeof current === 'string') {
      // Only a string longer in UTF-16 units than the limit can be longer in code points.
      if (current.length > limits.string && characterCount(current) > limits.string)
        return { path: next.path, message: `Must be at most ${limits.string} characters` };
      bytes += current.length + 2;
    } else if (typeof current === 'object' && current !== null) {
      const depth = next.depth + 1;
      if (depth > limits.depth)
        return { path: next.path, message: `Nested more than ${limits.depth} levels deep` };
      const children: [PropertyKey, unknown][] = Array.isArray(current)
        ? current.map((item, index) => [index, item])
        : Object.entries(current);
      entries += children.length;
      if (entries > limits.entries)
        return { path: next.path, message: `Has more than ${limits.entries} keys and items in all` };
      for (const [key, child] of children) {
        bytes += typeof key === 'string' ? key.length + 4 : 1;
        stack.push({ value: child, depth, path: [...next.path, key] });
      }
      bytes += 2;
    } else {
      bytes += 8;
    }
    if (bytes > limits.bytes) return { path: [], message: `Larger than ${limits.bytes} bytes` };
  }
  return undefined;
}

/** The JSON Schema keyword (an extension) under which a bounded body's limits are stated. */
export const BODY_LIMITS_KEY = 'x-body-limits';

/**
 * The schema with the body limits checked on what it parsed, unknown keys included (a
 * `looseObject` keeps them without walking them, so a body nested 20,000 levels deep reaches this
 * check, which measures it without recursion, and is refused).
 */
export function boundedBody<T extends z.ZodMiniType>(schema: T, limits: BodyLimits = BODY_LIMITS): T {
  return schema.check(
    z.superRefine(
      (value, ctx) => {
        const breach = jsonLimitBreach(value, limits);
        if (breach) ctx.addIssue({ code: 'custom', message: breach.message, path: breach.path });
      },
      // A field that already failed (a message over its own limit) is reported once, by its field.
      { when: (payload) => payload.issues.length === 0 },
    ),
    // JSON Schema cannot say "in the whole body": the OpenAPI document reads this and states it.
    z.meta({ [BODY_LIMITS_KEY]: { ...limits } }),
  );
}
