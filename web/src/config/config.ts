import { type AppConfig, parseConfig } from './env';

let current: AppConfig | null = null;

/** Parses `import.meta.env` once; main.tsx calls it first and shows a ConfigError on the page. */
export function loadConfig(): AppConfig {
  current ??= parseConfig(import.meta.env, window.location);
  return current;
}

/** The configuration loaded at start-up. */
export function config(): AppConfig {
  if (!current) throw new Error('config() called before loadConfig() in main.tsx');
  return current;
}
