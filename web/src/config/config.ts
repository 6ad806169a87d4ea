import { type AppConfig, parseConfig } from './env';

let current: AppConfig | null = null;
let loading: Promise<AppConfig> | null = null;

/**
 * Parses `import.meta.env` once. The parser is part of the main bundle (about 1.5 KB gzip, no
 * zod): as a chunk of its own it cost every start-up one more round trip before the session and
 * the client could start. main.tsx calls this first and shows a ConfigError on the page; the
 * answer stays a promise so callers need not know when it was parsed.
 */
export function loadConfig(): Promise<AppConfig> {
  if (!loading) {
    try {
      current = parseConfig(import.meta.env, window.location);
      loading = Promise.resolve(current);
    } catch (error) {
      loading = Promise.reject(error);
    }
  }
  return loading;
}

/** The configuration, once loaded: start-up and the client wait for it, so their users have it. */
export function config(): AppConfig {
  if (!current) throw new Error('config() called before loadConfig() resolved (main.tsx starts it)');
  return current;
}
