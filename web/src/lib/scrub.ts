/**
 * Removes tokens, cookies, passwords and email addresses from anything sent to error reporting
 * (events and breadcrumbs alike). Pure functions, so they are tested without Sentry.
 */

export const FILTERED = '[Filtered]';

/** Keys whose values are secrets or personal data, whatever they hold. */
const SECRET_KEY = /token|password|passwd|secret|cookie|authorization|e-?mail|session|api[-_]?key|dsn/i;

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
/** `access_token=...`, `token=...`, `password=...` in URLs, query strings and form bodies. */
const SECRET_PARAM =
  /([?&;\s]|^)((?:[a-z_-]*token|password|new_password|old_password|email|code|state)=)[^&#\s;]*/gi;
/** Secret fields inside JSON text (request bodies kept as strings by breadcrumbs). */
const JSON_SECRET =
  /("(?:[a-z_]*token|[a-z_]*password|e-?mail|authorization|cookie|secret)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi;
/** A JSON Web Token or a long opaque token standing alone. */
const JWT = /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g;

export function scrubString(text: string): string {
  return text
    .replace(JSON_SECRET, `$1"${FILTERED}"`)
    .replace(BEARER, `$1 ${FILTERED}`)
    .replace(SECRET_PARAM, `$1$2${FILTERED}`)
    .replace(JWT, FILTERED)
    .replace(EMAIL, FILTERED);
}

/**
 * A scrubbed deep copy: secret keys lose their values, strings lose embedded secrets. Cycles and
 * depth are bounded so a strange event cannot hang the reporter.
 */
export function scrub<T>(value: T, depth = 0, seen: WeakSet<object> = new WeakSet()): T {
  return scrubAny(value, depth, seen) as T;
}

function scrubAny(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return scrubString(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 12 || seen.has(value)) return FILTERED;
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => scrubAny(item, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] =
      SECRET_KEY.test(key) && item != null && item !== '' ? FILTERED : scrubAny(item, depth + 1, seen);
  }
  return out;
}
