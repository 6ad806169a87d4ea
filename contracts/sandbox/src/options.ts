/**
 * Options of a sandbox instance, shared by `startSandbox` (tests, contracts) and the CLI, plus the
 * parsers for the human forms the CLI accepts (`10s`, `50-200`).
 */

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
   * Register the Pact provider-state endpoints (`POST /_pact/state`, `GET /_pact/states`). Off by
   * default: they rewrite accounts and hand out tokens (admin ones included) to any caller, which
   * only a verification run should allow. CLI: `--pact-states`.
   */
  pactStates?: boolean;
}

export const DEFAULT_SEED = 20_260_101;
export const DEFAULT_ACCESS_TTL_MS = 15 * 60_000;
export const DEFAULT_REFRESH_TTL_MS = 30 * 24 * 60 * 60_000;
export const DEFAULT_FAULT_PREFIX = '/api';
export const DEMO_PASSWORD = 'Sandbox#2026';

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
