/**
 * The app's configuration, read once at start-up from `import.meta.env` (Vite's VITE_* variables)
 * and parsed with zod, so a bad value fails with a message naming the variable instead of a
 * confusing failure later. Every value has a default that makes the same build work on one origin
 * with the sandbox (`pnpm start`) and behind Vite's proxy (`pnpm dev`).
 */
// zod/mini: the same schemas, tree-shakable. This module is loaded right after the first paint
// (config.ts): zod's core is shared with the SDK client's schemas, so importing it statically put
// all of that core (~15 KB gzip) into the login page's first load.
import * as z from 'zod/mini';
import { ConfigError } from './config-error';

export { ConfigError };

/** The browser location the relative defaults resolve against. */
export interface ConfigLocation {
  readonly origin: string;
  readonly protocol: string;
  readonly host: string;
}

const text = z.optional(z.string());
const flag = z.optional(z.enum(['true', 'false', '1', '0', '']));

/** The raw variables, as Vite exposes them (strings or absent). */
const rawSchema = z.object({
  VITE_API_BASE: text,
  VITE_SOCKET_URL: text,
  VITE_SOCKET_PATH: text,
  VITE_SENTRY_DSN: text,
  VITE_SENTRY_ENVIRONMENT: text,
  VITE_SENTRY_REPLAY: flag,
  VITE_IP_LOOKUP_URL: text,
  VITE_SOCIAL_SIGNIN_URL: text,
  VITE_SOCIAL_SIGNIN_CLIENT_ID: text,
  VITE_CHECKOUT_RETURN_PATH: text,
  MODE: z.string(),
  PROD: z.boolean(),
});

/** A set value, trimmed; blank counts as unset. */
function value(raw: string | undefined): string | undefined {
  const trimmed = raw?.trim();
  return trimmed === '' ? undefined : trimmed;
}

function toFlag(raw: string | undefined): boolean | undefined {
  return raw === undefined || raw === '' ? undefined : raw === 'true' || raw === '1';
}

export interface AppConfig {
  /** Where every API call goes (SPEC.md section 7). */
  apiBase: string;
  /** The socket.io origin and path of the realtime channels. */
  socketUrl: string;
  socketPath: string;
  sentry: { dsn: string | null; environment: string; replay: boolean };
  /** The IP-based location lookup of the location flow (ipapi.co's `/json/` shape). */
  ipLookupUrl: string;
  /** Social sign-in with one provider: consent page, no auto-login, no one-tap. */
  socialSignIn: { authorizeUrl: string; clientId: string };
  /** Where the payment provider's checkout returns to. */
  checkout: { returnUrl: string };
  /** Cookies get `Secure` on https pages only; http://127.0.0.1 would drop them otherwise. */
  secureCookies: boolean;
}

/** `{origin}`, `{protocol}` and `{host}` in a value are replaced by the page's own. */
function fill(template: string, location: ConfigLocation): string {
  return template
    .replaceAll('{origin}', location.origin)
    .replaceAll('{protocol}', location.protocol)
    .replaceAll('{host}', location.host);
}

function isHttpUrl(candidate: string): boolean {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function absolute(name: string, given: string, location: ConfigLocation, problems: string[]): string {
  const filled = fill(given, location);
  const resolved = filled.startsWith('/') ? `${location.origin}${filled}` : filled;
  if (!isHttpUrl(resolved))
    problems.push(`${name}: must be an absolute http(s) URL or a path (got '${given}')`);
  return resolved;
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * Parses the environment. Throws ConfigError listing every bad variable at once.
 * Defaults: API and sockets on the page's origin, the sandbox's IP lookup, social sign-in and
 * checkout pages, and the sandbox's Sentry sink in production builds.
 */
export function parseConfig(env: Record<string, unknown>, location: ConfigLocation): AppConfig {
  const parsed = rawSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`),
    );
  }
  const data = parsed.data;
  const raw = {
    VITE_API_BASE: value(data.VITE_API_BASE),
    VITE_SOCKET_URL: value(data.VITE_SOCKET_URL),
    VITE_SOCKET_PATH: value(data.VITE_SOCKET_PATH),
    VITE_SENTRY_DSN: value(data.VITE_SENTRY_DSN),
    VITE_SENTRY_ENVIRONMENT: value(data.VITE_SENTRY_ENVIRONMENT),
    VITE_SENTRY_REPLAY: toFlag(data.VITE_SENTRY_REPLAY),
    VITE_IP_LOOKUP_URL: value(data.VITE_IP_LOOKUP_URL),
    VITE_SOCIAL_SIGNIN_URL: value(data.VITE_SOCIAL_SIGNIN_URL),
    VITE_SOCIAL_SIGNIN_CLIENT_ID: value(data.VITE_SOCIAL_SIGNIN_CLIENT_ID),
    VITE_CHECKOUT_RETURN_PATH: value(data.VITE_CHECKOUT_RETURN_PATH),
    MODE: data.MODE,
    PROD: data.PROD,
  };
  const problems: string[] = [];
  const apiBase = withoutTrailingSlash(
    absolute('VITE_API_BASE', raw.VITE_API_BASE ?? '{origin}', location, problems),
  );
  const socketUrl = withoutTrailingSlash(
    absolute('VITE_SOCKET_URL', raw.VITE_SOCKET_URL ?? apiBase, location, problems),
  );
  const socketPath = raw.VITE_SOCKET_PATH ?? '/socket.io';
  if (!socketPath.startsWith('/'))
    problems.push(`VITE_SOCKET_PATH: must start with '/' (got '${socketPath}')`);
  const ipLookupUrl = absolute(
    'VITE_IP_LOOKUP_URL',
    raw.VITE_IP_LOOKUP_URL ?? `${apiBase}/sandbox/ip-lookup/json/`,
    location,
    problems,
  );
  const authorizeUrl = absolute(
    'VITE_SOCIAL_SIGNIN_URL',
    raw.VITE_SOCIAL_SIGNIN_URL ?? `${apiBase}/sandbox/oauth/authorize`,
    location,
    problems,
  );
  const returnUrl = absolute(
    'VITE_CHECKOUT_RETURN_PATH',
    raw.VITE_CHECKOUT_RETURN_PATH ?? '/payments',
    location,
    problems,
  );
  let dsn: string | null = null;
  if (raw.VITE_SENTRY_DSN !== undefined && raw.VITE_SENTRY_DSN !== 'off') {
    const filled = fill(raw.VITE_SENTRY_DSN, location);
    // A DSN is `protocol://publicKey@host/projectId`.
    if (/^https?:\/\/[^@/\s]+@[^/\s]+\/\d+$/.test(filled)) dsn = filled;
    else
      problems.push(
        `VITE_SENTRY_DSN: must look like https://key@host/123 or be 'off' (got '${raw.VITE_SENTRY_DSN}')`,
      );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    apiBase,
    socketUrl,
    socketPath,
    sentry: {
      dsn,
      environment: raw.VITE_SENTRY_ENVIRONMENT ?? (raw.PROD ? 'production' : raw.MODE),
      replay: raw.VITE_SENTRY_REPLAY ?? raw.PROD,
    },
    ipLookupUrl,
    socialSignIn: { authorizeUrl, clientId: raw.VITE_SOCIAL_SIGNIN_CLIENT_ID ?? 'matchmaker-web' },
    checkout: { returnUrl },
    secureCookies: location.protocol === 'https:',
  };
}
