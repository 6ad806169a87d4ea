/**
 * Exit codes and the CLI's own error class. Kept apart from the error handler (errors.ts), which
 * needs the SDK: these load with every command, the handler only when something failed.
 */
export const EXIT = {
  ok: 0,
  error: 1,
  usage: 2,
  failedRows: 3,
  auth: 4,
  interrupted: 130,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** An error the CLI raises itself, with its exit code and a stable machine code. */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    readonly code: string,
  ) {
    super(message);
  }
}

export const usageError = (message: string) => new CliError(message, EXIT.usage, 'USAGE');
export const authError = (message: string, code = 'NOT_SIGNED_IN') => new CliError(message, EXIT.auth, code);

/** `matchmaker login` with the options that reach this profile. */
export function loginCommandFor(profile: string, apiBase?: string): string {
  const words = ['matchmaker'];
  if (profile !== 'default') words.push('--profile', profile);
  if (apiBase !== undefined) words.push('--api-base', apiBase);
  return `\`${[...words, 'login'].join(' ')}\``;
}
export const ADMIN_ONLY_MESSAGE = 'these commands need an admin account';
