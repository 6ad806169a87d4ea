/**
 * Command line of `pnpm --filter @matchmaker/contracts verify`: which pacts, against which backend,
 * with which state-change URL and which real tokens in place of the pacts' example ones.
 */
import { parseArgs } from 'node:util';
import { ADMIN, MEMBER } from '../examples';
import {
  ALL_PROVIDERS,
  COMMITTED_PACT_DIR,
  HTTP_PROVIDERS,
  isProviderName,
  type ProviderName,
  REALTIME_PROVIDERS,
} from '../names';

export type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error';
const LOG_LEVELS: readonly LogLevel[] = ['trace', 'debug', 'info', 'warn', 'error'];

export interface VerifyArgs {
  providers: ProviderName[];
  /** The backend to verify; without it an in-process sandbox is started. */
  baseUrl: string | undefined;
  /** Where state-change requests go; defaults to the sandbox's `/_pact/state`. */
  stateUrl: string | undefined;
  /** Authorization header put in place of the pacts' example member token (`Bearer member-access-token`). */
  authHeader: string | undefined;
  /** Authorization header put in place of the pacts' example admin token (`Bearer admin-access-token`). */
  adminAuthHeader: string | undefined;
  pactDir: string;
  logLevel: LogLevel;
  help: boolean;
}

export const USAGE = `Verify the Matchmaker pacts against a provider.

  pnpm --filter @matchmaker/contracts verify [-- options]

Without --base-url an in-process sandbox is started and every pact (HTTP and realtime messages)
is verified against it, with its provider states. With --base-url and without --provider, the
HTTP pacts are verified: the realtime message pacts (${REALTIME_PROVIDERS.join(', ')})
can only be verified against the in-process sandbox.

Options:
  --provider <name>     Verify only this provider's pact (repeatable): ${ALL_PROVIDERS.join(', ')}
  --base-url <url>      A running backend to verify instead of the sandbox (HTTP pacts only)
  --state-url <url>     Where to POST state changes ({ state, params, action }); default: the
                        sandbox's /_pact/state. Without it against --base-url, no states are set up
  --auth-header <value> Authorization header sent in place of the pacts' example member token
                        "Bearer ${MEMBER.accessToken}", e.g. "Bearer eyJ..." (env PACT_AUTH_HEADER)
  --admin-auth-header <value>
                        The same for the example admin token "Bearer ${ADMIN.accessToken}"
                        (env PACT_ADMIN_AUTH_HEADER)
                        Both replace example tokens only, which are sent when no provider state
                        answered an accessToken; the expired token of the 403 interaction and
                        tokens your state-change endpoint answered are sent as they are. The 406
                        (suspended member) and refresh interactions need state-minted tokens.
  --pact-dir <dir>      Directory of the pact files (default: contracts/pacts)
  --log-level <level>   ${LOG_LEVELS.join(', ')} (default: warn)
  --help                This text
`;

const isRealtime = (provider: ProviderName): boolean =>
  (REALTIME_PROVIDERS as readonly string[]).includes(provider);

/** An option, else its environment variable; empty means unset. */
function optionOrEnv(value: string | undefined, fromEnv: string | undefined): string | undefined {
  const chosen = value ?? fromEnv;
  return chosen === '' ? undefined : chosen;
}

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
      'admin-auth-header': { type: 'string' },
      'pact-dir': { type: 'string' },
      'log-level': { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  const baseUrl = values['base-url']?.replace(/\/+$/, '');
  // Against a running backend the default is what it can be verified for: the HTTP pacts.
  const providers = values.provider ?? [...(baseUrl === undefined ? ALL_PROVIDERS : HTTP_PROVIDERS)];
  const unknown = providers.filter((name) => !isProviderName(name));
  if (unknown.length > 0)
    throw new Error(`Unknown provider ${unknown.join(', ')} (known: ${ALL_PROVIDERS.join(', ')})`);
  const known = providers.filter(isProviderName);
  const realtime = known.filter(isRealtime);
  if (baseUrl !== undefined && realtime.length > 0) {
    throw new Error(
      `${realtime.join(', ')}: realtime message pacts are verified against the in-process sandbox only (drop --base-url)`,
    );
  }
  const logLevel = values['log-level'] ?? 'warn';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) throw new Error(`Unknown log level ${logLevel}`);
  return {
    providers: known,
    baseUrl,
    stateUrl: values['state-url'],
    authHeader: optionOrEnv(values['auth-header'], env.PACT_AUTH_HEADER),
    adminAuthHeader: optionOrEnv(values['admin-auth-header'], env.PACT_ADMIN_AUTH_HEADER),
    pactDir: values['pact-dir'] ?? COMMITTED_PACT_DIR,
    logLevel: logLevel as LogLevel,
    help: values.help ?? false,
  };
}
