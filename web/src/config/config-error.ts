/**
 * The error a bad configuration raises. Its own module (no zod), so main.tsx can recognise it
 * without pulling the parser into the first load.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: readonly string[]) {
    super(`The web app's configuration is invalid:\n${problems.map((p) => `- ${p}`).join('\n')}`);
  }
}
