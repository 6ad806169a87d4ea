/**
 * Command line of `pnpm --filter @matchmaker/contracts verify`: which pacts, against which backend,
 * with which state-change URL and which real tokens in place of the pacts' example ones.
 */
import { parseArgs } from 'node:util';
import { ADMIN, MEMBER } from '../examples';
import {
  ALL_PROVIDERS,
  HTTP_PROVIDERS,
  isProviderName,
  type ProviderName,
  REALTIME_PROVIDERS,
} from '../names';
import { COMMITTED_PACT_DIR } from '../pact-dirs';

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

Every pact is verified (HTTP and realtime messages), against --base-url or, without it, against
an in-process sandbox. The realtime pacts (${REALTIME_PROVIDERS.join(', ')}) are verified over
socket.io: the states are set up at --state-url, a socket connects to the pact's namespace with
the states' accessToken as the query value "token", the states are POSTed again with
action "trigger", and the payload received under the pact's event name is compared.

Options:
  --provider <name>     Verify only this provider's pact (repeatable): ${ALL_PROVIDERS.join(', ')}
  --base-url <url>      A running backend to verify instead of the sandbox (HTTP and socket.io)
  --state-url <url>     Where to POST state changes ({ state, params, action }); default: the
                        sandbox's /_pact/state. Without it against --base-url, no states are set up
                        and only the HTTP pacts are verified (events cannot be triggered)
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
  // Without a state-change endpoint no event can be triggered: the default is then the HTTP pacts.
  const statesless = baseUrl !== undefined && values['state-url'] === undefined;
  const providers = values.provider ?? [...(statesless ? HTTP_PROVIDERS : ALL_PROVIDERS)];
  const unknown = providers.filter((name) => !isProviderName(name));
  if (unknown.length > 0)
    throw new Error(`Unknown provider ${unknown.join(', ')} (known: ${ALL_PROVIDERS.join(', ')})`);
  const known = providers.filter(isProviderName);
  const realtime = known.filter((provider) => (REALTIME_PROVIDERS as readonly string[]).includes(provider));
  if (statesless && realtime.length > 0)
    throw new Error(
      `${realtime.join(', ')}: realtime pacts need --state-url to set up and trigger their events`,
    );
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
