/**
 * The app's configuration, read once at start-up from `import.meta.env` (Vite's VITE_* variables)
 * and checked, so a bad value fails with a message naming the variable instead of a
 * confusing failure later. Every value has a default that makes the same build work on one origin
 * with the sandbox (`pnpm start`) and behind Vite's proxy (`pnpm dev`).
 */
// No zod here, although the SDK uses it: this parser runs on every page, anonymous ones included,
// and zod's core (~15 KB gzip) was the largest part of what /account/login fetched besides React.
// The variables are a dozen optional strings, checked below by hand with the same care.
import { ConfigError } from './config-error';

export { ConfigError };

/** The browser location the relative defaults resolve against. */
export interface ConfigLocation {
  readonly origin: string;
  readonly protocol: string;
  readonly host: string;
}

/** The variables read, each an optional string as Vite exposes them. */
const TEXT_VARIABLES = [
  'VITE_API_BASE',
  'VITE_SOCKET_URL',
  'VITE_SOCKET_PATH',
  'VITE_SENTRY_DSN',
  'VITE_SENTRY_ENVIRONMENT',
  'VITE_SENTRY_REPLAY',
  'VITE_SENTRY_REPLAY_SESSION_RATE',
  'VITE_SENTRY_REPLAY_ON_ERROR_RATE',
  'VITE_IP_LOOKUP_URL',
  'VITE_SOCIAL_SIGNIN_URL',
  'VITE_SOCIAL_SIGNIN_CLIENT_ID',
  'VITE_CHECKOUT_RETURN_PATH',
  'VITE_SITE_URL',
] as const;
type TextVariable = (typeof TEXT_VARIABLES)[number];

const FLAGS: Record<string, boolean> = { true: true, '1': true, false: false, '0': false };

/**
 * Replay's sample rates when unset: one visitor session in ten recorded whole, and every session
 * of a signed-in member or admin that meets an error sends the minute before it.
 */
export const REPLAY_DEFAULTS = { sessionSampleRate: 0.1, onErrorSampleRate: 1 } as const;

/** A set value, trimmed; blank counts as unset. */
function value(raw: string | undefined): string | undefined {
  const trimmed = raw?.trim();
  return trimmed === '' ? undefined : trimmed;
}

function toFlag(name: string, raw: string | undefined, problems: string[]): boolean | undefined {
  if (raw === undefined) return undefined;
  const flag = FLAGS[raw];
  if (flag === undefined) problems.push(`${name}: must be true, false, 1 or 0 (got '${raw}')`);
  return flag;
}

/** A sample rate: a number from 0 to 1. */
function toRate(name: string, raw: string | undefined, fallback: number, problems: string[]): number {
  if (raw === undefined) return fallback;
  const rate = Number(raw);
  if (!Number.isFinite(rate) || rate < 0 || rate > 1) {
    problems.push(`${name}: must be a number from 0 to 1 (got '${raw}')`);
    return fallback;
  }
  return rate;
}

export interface AppConfig {
  /** Where every API call goes (SPEC.md section 7). */
  apiBase: string;
  /** The socket.io origin and path of the realtime channels. */
  socketUrl: string;
  socketPath: string;
  sentry: {
    dsn: string | null;
    environment: string;
    /** Session recording, or null when it is off. */
    replay: ReplayConfig | null;
  };
  /** The IP-based location lookup of the location flow (ipapi.co's `/json/` shape). */
  ipLookupUrl: string;
  /** Social sign-in with one provider: consent page, no auto-login, no one-tap. */
  socialSignIn: { authorizeUrl: string; clientId: string };
  /** Where the payment provider's checkout returns to. */
  checkout: { returnUrl: string };
  /** Cookies get `Secure` on https pages only; http://127.0.0.1 would drop them otherwise. */
  secureCookies: boolean;
  /**
   * The site's public origin: the build writes it into sitemap.xml and robots.txt, and compares
   * the other addresses with it to write the Content-Security-Policy (same origin: 'self').
   */
  siteUrl: string;
}

export interface ReplayConfig {
  /** The share of sessions recorded whole (a visitor's is drawn once per tab, lib/replay-sampling.ts). */
  sessionSampleRate: number;
  /** The share of signed-in sessions not recorded whole whose last minute is sent with an error. */
  onErrorSampleRate: number;
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

/** An origin alone (`https://example.com`): the app is served from the root of its site. */
function siteOrigin(given: string | undefined, location: ConfigLocation, problems: string[]): string {
  if (given === undefined) return location.origin;
  const filled = fill(given, location);
  const url = isHttpUrl(filled) ? new URL(filled) : undefined;
  if (url && url.pathname === '/' && !url.search && !url.hash && !url.username) return url.origin;
  problems.push(`VITE_SITE_URL: must be an http(s) origin such as https://example.com (got '${given}')`);
  return location.origin;
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * Parses the environment. Throws ConfigError listing every bad variable at once.
 * Defaults: API and sockets on the page's origin, the sandbox's IP lookup, social sign-in and
 * checkout pages, and the sandbox's Sentry sink in production builds.
 */
export function parseConfig(env: Record<string, unknown>, location: ConfigLocation): AppConfig {
  const problems: string[] = [];
  const raw = {} as Record<TextVariable, string | undefined>;
  for (const name of TEXT_VARIABLES) {
    const given = env[name];
    if (given === undefined || typeof given === 'string') raw[name] = value(given);
    else problems.push(`${name}: must be text (got ${typeof given})`);
  }
  // Set by Vite itself: a wrong type here is a broken build, not a bad variable.
  if (typeof env.MODE !== 'string') problems.push(`MODE: must be text (got ${typeof env.MODE})`);
  if (typeof env.PROD !== 'boolean') problems.push(`PROD: must be true or false (got ${typeof env.PROD})`);
  const mode = String(env.MODE);
  const production = env.PROD === true;
  const replayOn = toFlag('VITE_SENTRY_REPLAY', raw.VITE_SENTRY_REPLAY, problems) ?? production;
  const replay: ReplayConfig = {
    sessionSampleRate: toRate(
      'VITE_SENTRY_REPLAY_SESSION_RATE',
      raw.VITE_SENTRY_REPLAY_SESSION_RATE,
      REPLAY_DEFAULTS.sessionSampleRate,
      problems,
    ),
    onErrorSampleRate: toRate(
      'VITE_SENTRY_REPLAY_ON_ERROR_RATE',
      raw.VITE_SENTRY_REPLAY_ON_ERROR_RATE,
      REPLAY_DEFAULTS.onErrorSampleRate,
      problems,
    ),
  };
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
  const siteUrl = siteOrigin(raw.VITE_SITE_URL, location, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    apiBase,
    socketUrl,
    socketPath,
    sentry: {
      dsn,
      environment: raw.VITE_SENTRY_ENVIRONMENT ?? (production ? 'production' : mode),
      replay: replayOn ? replay : null,
    },
    ipLookupUrl,
    socialSignIn: { authorizeUrl, clientId: raw.VITE_SOCIAL_SIGNIN_CLIENT_ID ?? 'matchmaker-web' },
    checkout: { returnUrl },
    secureCookies: location.protocol === 'https:',
    siteUrl,
  };
}
