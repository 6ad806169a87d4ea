/**
 * Command line of `pnpm --filter @matchmaker/contracts verify`: which pacts, against which backend,
 * with which state-change URL and Authorization header.
 */
import { parseArgs } from 'node:util';
import { ALL_PROVIDERS, COMMITTED_PACT_DIR, isProviderName, type ProviderName } from '../names';

export type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error';
const LOG_LEVELS: readonly LogLevel[] = ['trace', 'debug', 'info', 'warn', 'error'];

export interface VerifyArgs {
  providers: ProviderName[];
  /** The backend to verify; without it an in-process sandbox is started. */
  baseUrl: string | undefined;
  /** Where state-change requests go; defaults to the sandbox's `/_pact/state`. */
  stateUrl: string | undefined;
  /** Replaces the Authorization header of every request that carries one (`Bearer ...`). */
  authHeader: string | undefined;
  pactDir: string;
  logLevel: LogLevel;
  help: boolean;
}

export const USAGE = `Verify the Matchmaker pacts against a provider.

  pnpm --filter @matchmaker/contracts verify [-- options]

Without --base-url an in-process sandbox is started and every pact (HTTP and realtime messages)
is verified against it, with its provider states.

Options:
  --provider <name>     Verify only this provider's pact (repeatable): ${ALL_PROVIDERS.join(', ')}
  --base-url <url>      A running backend to verify instead of the sandbox (HTTP pacts only)
  --state-url <url>     Where to POST state changes ({ state, params, action }); default: the
                        sandbox's /_pact/state. Without it against --base-url, no states are set up
  --auth-header <value> Authorization header for every authenticated request, e.g. "Bearer eyJ..."
                        (env PACT_AUTH_HEADER); replaces the tokens the provider states answer
  --pact-dir <dir>      Directory of the pact files (default: contracts/pacts)
  --log-level <level>   ${LOG_LEVELS.join(', ')} (default: warn)
  --help                This text
`;

export function parseVerifyArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): VerifyArgs {
  // `pnpm run verify -- --provider x` passes the separator through.
  const args = argv[0] === '--' ? argv.slice(1) : [...argv];
  const { values } = parseArgs({
    args,
    options: {
      provider: { type: 'string', multiple: true },
      'base-url': { type: 'string' },
      'state-url': { type: 'string' },
      'auth-header': { type: 'string' },
      'pact-dir': { type: 'string' },
      'log-level': { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  const providers = values.provider ?? [...ALL_PROVIDERS];
  const unknown = providers.filter((name) => !isProviderName(name));
  if (unknown.length > 0)
    throw new Error(`Unknown provider ${unknown.join(', ')} (known: ${ALL_PROVIDERS.join(', ')})`);
  const logLevel = values['log-level'] ?? 'warn';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) throw new Error(`Unknown log level ${logLevel}`);
  const authHeader = values['auth-header'] ?? env.PACT_AUTH_HEADER;
  return {
    providers: providers.filter(isProviderName),
    baseUrl: values['base-url']?.replace(/\/+$/, ''),
    stateUrl: values['state-url'],
    authHeader: authHeader === '' ? undefined : authHeader,
    pactDir: values['pact-dir'] ?? COMMITTED_PACT_DIR,
    logLevel: logLevel as LogLevel,
    help: values.help ?? false,
  };
}
