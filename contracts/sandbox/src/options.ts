/**
 * Options of a sandbox instance, shared by `startSandbox` (tests, contracts) and the CLI, the one
 * place their defaults apply (`resolveOptions`), and the parsers for the human forms the CLI
 * accepts (`10s`, `50-200`).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface SandboxOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** Write-through JSON file; loaded on start when it exists. */
  dataFile?: string;
  /** Access-token lifetime in ms (15 minutes by default). */
  accessTtlMs?: number;
  /** Refresh-token lifetime in ms (30 days by default). */
  refreshTtlMs?: number;
  /** Share of API requests answered with a random 5xx, 0 to 1. */
  failRate?: number;
  /** Added delay range of API requests, in ms. */
  latencyMs?: { min: number; max: number };
  /** API requests per second past which the sandbox answers 429 with Retry-After. */
  rateLimit?: number;
  /** Faults apply to paths starting with this prefix only (default `/api`). */
  faultPrefix?: string;
  /** Directory of the web app's production build, served from `/` when it exists. */
  webDir?: string;
  /** Seed of the generated data. */
  seed?: number;
  /** Base URL of the web app used in email links (default: the sandbox's own URL). */
  webAppUrl?: string;
  /**
   * Parse every answer with the catalogue's response schema and fail loudly (500) when it does not
   * parse. Tests turn it on so a handler that drifts from the SDK's contract cannot go unnoticed.
   */
  checkResponses?: boolean;
  /** Log requests to stdout (pino). */
  logRequests?: boolean;
  /** Debounce of --data writes, in ms. */
  persistDebounceMs?: number;
  /** How long a chat socket stays open after `token_expired` without a refresh (10 s). */
  expiredSocketGraceMs?: number;
  /**
   * How long a spent refresh token is honoured once more while the pair it was exchanged for is
   * still unused (10 s; 0 turns it off): an answer lost to a reload or a dropped connection costs
   * no session. CLI: `--refresh-reuse`.
   */
  refreshReuseMs?: number;
  /**
   * Register the Pact provider-state endpoints (`POST /_pact/state`, `GET /_pact/states`). Off by
   * default: they rewrite accounts and hand out tokens (admin ones included) to any caller, which
   * only a verification run should allow. CLI: `--pact-states`.
   */
  pactStates?: boolean;
}

export const DEFAULT_SEED = 20_260_101;
export const DEFAULT_ACCESS_TTL_MS = 15 * 60_000;
export const DEFAULT_REFRESH_TTL_MS = 30 * 24 * 60 * 60_000;
/** Okta's and Auth0's rotation allow such a window too (up to 60 s and 30 s by default there). */
export const DEFAULT_REFRESH_REUSE_MS = 10_000;
export const DEFAULT_FAULT_PREFIX = '/api';
export const DEMO_PASSWORD = 'Sandbox#2026';

/**
 * The options with every default applied, settled once before anything is built and never changed
 * afterwards: each part of the sandbox reads its slice from here.
 */
export interface ResolvedOptions {
  readonly port: number;
  readonly host: string;
  readonly dataFile: string | undefined;
  readonly accessTtlMs: number;
  readonly refreshTtlMs: number;
  readonly failRate: number;
  readonly latencyMs: { readonly min: number; readonly max: number } | undefined;
  readonly rateLimit: number | undefined;
  readonly faultPrefix: string;
  /** The web app's build, as an absolute path, when the given directory holds one (an index.html). */
  readonly webDir: string | undefined;
  readonly seed: number;
  readonly webAppUrl: string | undefined;
  readonly checkResponses: boolean;
  readonly logRequests: boolean;
  readonly persistDebounceMs: number;
  readonly expiredSocketGraceMs: number;
  readonly refreshReuseMs: number;
  readonly pactStates: boolean;
}

export function resolveOptions(options: SandboxOptions): ResolvedOptions {
  return Object.freeze({
    port: options.port ?? 0,
    host: options.host ?? '127.0.0.1',
    dataFile: options.dataFile,
    accessTtlMs: options.accessTtlMs ?? DEFAULT_ACCESS_TTL_MS,
    refreshTtlMs: options.refreshTtlMs ?? DEFAULT_REFRESH_TTL_MS,
    failRate: options.failRate ?? 0,
    latencyMs: options.latencyMs,
    rateLimit: options.rateLimit,
    faultPrefix: options.faultPrefix ?? DEFAULT_FAULT_PREFIX,
    webDir: webBuildDir(options.webDir),
    seed: options.seed ?? DEFAULT_SEED,
    webAppUrl: options.webAppUrl,
    checkResponses: options.checkResponses ?? false,
    logRequests: options.logRequests ?? false,
    persistDebounceMs: options.persistDebounceMs ?? 500,
    expiredSocketGraceMs: options.expiredSocketGraceMs ?? 10_000,
    refreshReuseMs: options.refreshReuseMs ?? DEFAULT_REFRESH_REUSE_MS,
    pactStates: options.pactStates ?? false,
  });
}

/** A directory without an index.html holds no build: the sandbox's home page stands in for the app. */
function webBuildDir(dir: string | undefined): string | undefined {
  if (!dir) return undefined;
  const absolute = resolve(dir);
  return existsSync(join(absolute, 'index.html')) ? absolute : undefined;
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/** `500`, `500ms`, `10s`, `15m`, `1h` to milliseconds; a bare number is milliseconds. */
export function parseDuration(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/i.exec(text);
  if (!match) throw new Error(`Invalid duration '${text}' (use e.g. 500ms, 10s, 15m)`);
  const value = Number(match[1]);
  const unit = (match[2] ?? 'ms').toLowerCase();
  const factor = UNIT_MS[unit] ?? 1;
  const ms = Math.round(value * factor);
  if (ms <= 0) throw new Error(`Duration '${text}' must be positive`);
  return ms;
}

/** `100` or `50-200` (ms) to a range. */
export function parseLatency(text: string): { min: number; max: number } {
  const match = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*(?:ms)?\s*$/.exec(text);
  if (!match) throw new Error(`Invalid latency '${text}' (use e.g. 100 or 50-200)`);
  const min = Number(match[1]);
  const max = match[2] === undefined ? min : Number(match[2]);
  if (max < min) throw new Error(`Invalid latency '${text}': max is below min`);
  return { min, max };
}

/** A share between 0 and 1; `20%` is accepted too. */
export function parseRate(text: string): number {
  const trimmed = text.trim();
  const value = trimmed.endsWith('%') ? Number(trimmed.slice(0, -1)) / 100 : Number(trimmed);
  if (!Number.isFinite(value) || value < 0 || value > 1) {
    throw new Error(`Invalid rate '${text}' (use a number between 0 and 1)`);
  }
  return value;
}
