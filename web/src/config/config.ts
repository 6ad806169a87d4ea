import type { AppConfig } from './env';

let current: AppConfig | null = null;
let loading: Promise<AppConfig> | null = null;

/**
 * Parses `import.meta.env` once. The parser is a chunk of its own, fetched while the first
 * page paints: nothing on a page needs the configuration to show, only to act (start-up, API
 * calls, social sign-in). main.tsx calls this first and shows a ConfigError on the page.
 */
export function loadConfig(): Promise<AppConfig> {
  loading ??= import('./env').then(({ parseConfig }) => {
    current = parseConfig(import.meta.env, window.location);
    return current;
  });
  return loading;
}

/** The configuration, once loaded: start-up and the client wait for it, so their users have it. */
export function config(): AppConfig {
  if (!current) throw new Error('config() called before loadConfig() resolved (main.tsx starts it)');
  return current;
}
