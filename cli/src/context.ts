/**
 * What every command needs, resolved once at the edge: the profile, the API base, the output
 * options, the colours of each stream, and (lazily) an SDK client with the profile's tokens.
 */
import {
  type CallHooks,
  type ClientOptions,
  createClient,
  DEFAULT_REQUEST_TIMEOUT_MS,
  type MatchmakerClient,
  MemoryTokenStore,
  type TokenStore,
} from '@matchmaker/sdk';
import { FileTokenStore } from '@matchmaker/sdk/node';
import { isAdmin } from '@matchmaker/sdk/rules';
import type { Command } from 'commander';
import * as z from 'zod/mini';
import { type Colors, colorsFor } from './color';
import {
  type CliConfig,
  checkProfileName,
  configDir,
  credentialsDir,
  credentialsPath,
  DEFAULT_API_BASE,
  DEFAULT_PROFILE,
  readConfig,
  repairMode,
} from './config';
import type { DryRun } from './dry-run';
import { ADMIN_ONLY_MESSAGE, authError, loginCommandFor, usageError } from './exit';
import { checkingFields } from './fields-guard';
import { FORMATS, type Format } from './formats';
import { stringAt } from './guards';
import type { Io } from './io';
import { fetchWithin } from './long-fetch';
import { requestTimeout } from './options';
import type { OutputOptions } from './output';
import { commandHooks, memberTokenError } from './requests';
import { COMMAND_RETRY } from './retry-policy';
import { ProfileTokenStore, readCredentials } from './token-cache';

const globalsSchema = z.object({
  profile: z.optional(z.string()),
  apiBase: z.optional(z.string()),
  output: z.optional(z.enum(FORMATS)),
  fields: z.optional(z.string()),
  yes: z.optional(z.boolean()),
  requestTimeout: z.optional(z.number()),
});
export type GlobalOptions = z.infer<typeof globalsSchema>;

export interface Context {
  io: Io;
  profile: string;
  apiBase: string;
  /** Where the API base came from, for whoami. */
  apiBaseSource: ApiBaseSource;
  dir: string;
  config: CliConfig;
  output: OutputOptions;
  /** Colours for stderr (messages, prompts, progress). */
  err: Colors;
  yes: boolean;
  /** MATCHMAKER_TOKEN is set: stored credentials are not used. */
  envToken: boolean;
  /** `--dry-run` of a single command: `client()` holds its change back (dry-run.ts). */
  dryRun?: DryRun;
  warn(message: string): void;
  info(message: string): void;
  /** The client for this profile; created on first use (with `setup` when given then). */
  client(setup?: ClientSetup): MatchmakerClient;
  /**
   * For login: a client on the profile's credentials file even when MATCHMAKER_TOKEN is set, to
   * which a damaged file or another base's tokens count as none (login replaces them).
   */
  loginClient(): MatchmakerClient;
  /**
   * For logout and auth status: a client of `apiBase` on the credentials of `profile` (this
   * run's by default), those that base issued (`setup` as for `client`: `{}` asks once).
   */
  storedClient(apiBase: string, profile?: string, setup?: ClientSetup): MatchmakerClient;
  /**
   * The client, after checking a session exists (exit 4 otherwise) and, for MATCHMAKER_TOKEN,
   * that it is an admin's (login checks that of stored credentials; whoami is for any account).
   */
  signedIn(setup?: ClientSetup): Promise<MatchmakerClient>;
  /** The signed-in user (accounts.userInfo), asked once per run. */
  user(): Promise<SignedInUser>;
  tokenStore(): TokenStore;
}

export type SignedInUser = Awaited<ReturnType<MatchmakerClient['accounts']['userInfo']>>;

export type ApiBaseSource = 'flag' | 'env' | 'profile' | 'credentials' | 'default';

const SOURCE_NAMES: Record<ApiBaseSource, string> = {
  flag: '--api-base',
  env: 'MATCHMAKER_API_BASE',
  profile: 'config.json',
  credentials: 'the credentials file',
  default: 'the default',
};

function normaliseBase(text: string, source: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw usageError(`Invalid API base '${text}' (from ${source}): give a URL such as ${DEFAULT_API_BASE}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw usageError(`Invalid API base '${text}' (from ${source}): only http and https URLs`);
  }
  if (url.username !== '' || url.password !== '') {
    // The message handler redacts the password from the URL it quotes.
    throw usageError(
      `Invalid API base '${text}' (from ${source}): a user name or password in the URL is not supported; sign in with \`matchmaker login\``,
    );
  }
  // The URL's own spelling (scheme and host in lower case): the base credentials are bound to is
  // compared as text, and HTTP://Host is the same server as http://host.
  return url.href.replace(/\/+$/, '');
}

/**
 * MATCHMAKER_TOKEN goes into an Authorization header: a line break or another control character
 * (a token file saved with CRLF) cannot, and fetch would report it as the API being unreachable.
 */
function checkEnvToken(token: string): string {
  // Tokens are printable ASCII; a header can carry nothing else (fetch calls it unreachable).
  const bad = /[^\u0020-\u007e]/.exec(token);
  if (bad) {
    const what =
      bad[0] === '\n' || bad[0] === '\r'
        ? 'a line break'
        : (bad[0].codePointAt(0) ?? 0) < 0x80
          ? 'a control character'
          : `a character that is not ASCII ('${bad[0]}')`;
    throw usageError(
      `MATCHMAKER_TOKEN contains ${what} (at character ${bad.index + 1}), which cannot be sent in a header: set it to the token alone, e.g. MATCHMAKER_TOKEN="$(tr -d '\\r\\n' < token.txt)"`,
    );
  }
  return token;
}

export function parseFields(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const fields = text
    .split(',')
    .map((field) => field.trim())
    .filter((field) => field !== '');
  if (fields.length === 0)
    throw usageError('--fields needs at least one field name, such as --fields id,email');
  return fields;
}

export interface ClientSettings {
  apiBase: string;
  timeoutMs: number;
  /** MATCHMAKER_TOKEN, when it is the credential: a refused call is checked against it. */
  envToken: string | undefined;
  /** `matchmaker` with the options that reach this profile, for the commands messages suggest. */
  commandName: string;
  /** A dry run: the change is held back before it is sent (the SDK's beforeAttempt hook). */
  dryRun?: DryRun;
  /** The fetch for a time limit over undici's own (long-fetch.ts); absent: Node's. */
  fetch?: typeof fetch;
}

/**
 * How a client calls the API, when a command needs other than single commands' way (a bulk run:
 * its pooled fetch, its retry policy, its pause while a Retry-After holds).
 */
export interface ClientSetup {
  fetch?: typeof fetch;
  /** Absent: one attempt per call. */
  retry?: ClientOptions['retry'];
  /** Absent: single commands' (their messages for time-outs, unreachable APIs, changes maybe made). */
  hooks?: CallHooks;
}

/**
 * A client on `tokenStore`. The SDK does every call: the time limit (`--request-timeout`), the
 * retries and the hooks. Single commands retry reads (changes only after a 429) and say what
 * staff need to know through the hooks of requests.ts; a bulk run brings its own setup.
 */
function makeClient(settings: ClientSettings, tokenStore: TokenStore, setup?: ClientSetup): MatchmakerClient {
  // Without a setup, single commands' way; a setup without hooks keeps their messages.
  const calls = setup
    ? { ...setup, hooks: setup.hooks ?? commandHooks(settings) }
    : { retry: { policy: COMMAND_RETRY, calls: 'reads' as const }, hooks: commandHooks(settings) };
  // A dry run of a single command holds its change back once the SDK has checked and built it
  // (single commands' own hooks hold no attempt).
  const { dryRun } = settings;
  const hooks = dryRun ? { ...calls.hooks, beforeAttempt: dryRun.hold } : calls.hooks;
  const retry = calls.retry;
  // The CLI subscribes to no session events, so there are no handler errors to report.
  return createClient({
    baseURL: settings.apiBase,
    tokenStore,
    locks: null,
    timeoutMs: settings.timeoutMs,
    // Staff keep their stored credentials when a refresh fails on the network (SPEC.md logs out;
    // a CLI must not make someone sign in again because the VPN dropped).
    refreshNetworkFailure: 'keep-session',
    onError: () => {},
    ...(retry ? { retry } : {}),
    ...(hooks ? { hooks } : {}),
    ...(calls.fetch ? { fetch: calls.fetch } : settings.fetch ? { fetch: settings.fetch } : {}),
  });
}

/** Commands any account may run with MATCHMAKER_TOKEN: whoami says whose token it is. */
const ANY_ACCOUNT = new Set(['whoami']);

export async function createContext(command: Command, io: Io, dryRun?: DryRun): Promise<Context> {
  const { env } = io;
  const parsed = globalsSchema.safeParse(command.optsWithGlobals());
  if (!parsed.success) throw usageError(`Invalid options: ${parsed.error.issues[0]?.message ?? 'unknown'}`);
  const globals = parsed.data;
  const err = colorsFor(io.stderr, env);
  const warn = (message: string) => io.stderr.write(`${err.yellow('Warning:')} ${message}\n`);
  const info = (message: string) => io.stderr.write(`${message}\n`);
  // An empty MATCHMAKER_PROFILE counts as unset, as an empty MATCHMAKER_API_BASE does.
  const profile = checkProfileName(globals.profile ?? (env.MATCHMAKER_PROFILE || DEFAULT_PROFILE));
  const dir = configDir(env);
  const config = await readConfig(dir, warn);
  const stored = config.profiles[profile]?.apiBase;
  const credentialsFile = credentialsPath(dir, profile);
  // A profile missing from config.json (lost, or written by hand) has its base in its credentials:
  // the default would be another server.
  const issuer = async () => {
    const found = await readCredentials(credentialsFile);
    return found.state === 'stored' ? found.apiBase : undefined;
  };
  const [rawBase, apiBaseSource]: [string, ApiBaseSource] = globals.apiBase
    ? [globals.apiBase, 'flag']
    : env.MATCHMAKER_API_BASE
      ? [env.MATCHMAKER_API_BASE, 'env']
      : stored
        ? [stored, 'profile']
        : await issuer().then((base) => (base ? [base, 'credentials'] : [DEFAULT_API_BASE, 'default']));
  const apiBase = normaliseBase(rawBase, SOURCE_NAMES[apiBaseSource]);
  const tty = io.stdout.isTTY === true;
  const format: Format = globals.output ?? 'table';
  const output: OutputOptions = {
    format,
    fields: parseFields(globals.fields),
    tty,
    colors: colorsFor(io.stdout, env),
    width: tty ? terminalWidth(io.stdout.columns, env.COLUMNS) : undefined,
    write: (text) => io.stdout.write(text),
    info,
    warn,
  };
  // --fields are checked against a change's answer before it is sent; a bulk run prints a report
  // (or, with --dry-run, its plan), never an answer.
  const fields = output.fields;
  const checkFieldsFirst = (made: MatchmakerClient) =>
    fields && command.name() !== 'bulk'
      ? checkingFields(made, fields, () => {
          output.changed = true;
        })
      : made;
  const envToken = env.MATCHMAKER_TOKEN !== undefined && env.MATCHMAKER_TOKEN !== '';
  // The flag, else the variable (an empty one counts as unset), else the SDK's 30 s.
  const timeoutSeconds =
    globals.requestTimeout ??
    (env.MATCHMAKER_REQUEST_TIMEOUT
      ? requestTimeout('MATCHMAKER_REQUEST_TIMEOUT', env.MATCHMAKER_REQUEST_TIMEOUT, usageError)
      : undefined);
  const requestTimeoutMs =
    timeoutSeconds === undefined ? DEFAULT_REQUEST_TIMEOUT_MS : Math.round(timeoutSeconds * 1000);
  const longFetch = await fetchWithin(requestTimeoutMs);
  const settings = (base: string, name = profile): ClientSettings => ({
    apiBase: base,
    timeoutMs: requestTimeoutMs,
    ...(longFetch ? { fetch: longFetch } : {}),
    envToken: envToken && env.MATCHMAKER_TOKEN ? checkEnvToken(env.MATCHMAKER_TOKEN) : undefined,
    commandName: name === DEFAULT_PROFILE ? 'matchmaker' : `matchmaker --profile ${name}`,
  });
  let user: Promise<SignedInUser> | undefined;
  let store: TokenStore | undefined;
  let client: MatchmakerClient | undefined;
  const profileStore = (base: string, source: ApiBaseSource, replace: boolean, name = profile) =>
    new ProfileTokenStore(new FileTokenStore(credentialsPath(dir, name)), {
      profile: name,
      apiBase: base,
      apiBaseSource: SOURCE_NAMES[source],
      configBase: config.profiles[name]?.apiBase?.replace(/\/+$/, ''),
      replace,
    });
  const tokenStore = (): TokenStore => {
    if (!store) {
      store =
        envToken && env.MATCHMAKER_TOKEN
          ? new MemoryTokenStore({ accessToken: checkEnvToken(env.MATCHMAKER_TOKEN), refreshToken: '' })
          : profileStore(apiBase, apiBaseSource, false);
    }
    return store;
  };
  const context: Context = {
    profile,
    apiBase,
    apiBaseSource,
    dir,
    config,
    output,
    err,
    yes: globals.yes === true,
    io,
    envToken,
    ...(dryRun ? { dryRun } : {}),
    warn,
    info,
    tokenStore,
    client(setup) {
      client ??= checkFieldsFirst(makeClient({ ...settings(apiBase), dryRun }, tokenStore(), setup));
      return client;
    },
    loginClient() {
      return makeClient(settings(apiBase), profileStore(apiBase, apiBaseSource, true));
    },
    storedClient(base, name = profile, setup) {
      return makeClient(
        { ...settings(base, name), envToken: undefined },
        profileStore(base, 'credentials', false, name),
        setup,
      );
    },
    user() {
      // A failed look-up is asked again next time (a bulk run retries it).
      user ??= context
        .client()
        .accounts.userInfo()
        .catch((error: unknown) => {
          user = undefined;
          throw error;
        });
      return user;
    },
    async signedIn(setup?: ClientSetup) {
      if (!envToken) {
        await repairMode(credentialsDir(dir), warn);
        await repairMode(credentialsFile, warn);
      }
      const current = context.client(setup);
      if (!(await current.session.isLoggedIn())) {
        throw authError(
          `Not signed in (profile '${profile}', ${apiBase}): run ${loginCommandFor(profile, apiBaseSource === 'flag' ? apiBase : undefined)}`,
        );
      }
      // A member's token gets no further than this, whatever the command would call (some calls,
      // such as the feature list or the member's own KYC, are open to members).
      if (envToken && !ANY_ACCOUNT.has(command.name())) {
        const found = await context.user();
        if (!isAdmin(found)) throw memberTokenError(found);
      }
      return current;
    },
  };
  return context;
}

/** Loads the signed-in user and refuses member accounts: the CLI is for staff. */
export async function requireAdmin(
  context: Context,
  setup?: ClientSetup,
): Promise<{ client: MatchmakerClient; userId: string | undefined }> {
  const client = await context.signedIn(setup);
  const user = await context.user();
  if (!isAdmin(user)) throw authError(`Not allowed: ${ADMIN_ONLY_MESSAGE}`, 'ADMIN_ONLY');
  return { client, userId: stringAt(user, 'keycloakId') ?? stringAt(user, 'id') };
}

/**
 * The terminal's width: what the terminal reports, else COLUMNS, else unknown (no fitting). A
 * pseudo-terminal without a window size (`script`, some CI runners) reports 0 columns.
 */
function terminalWidth(columns: number | undefined, fromEnv: string | undefined): number | undefined {
  if (columns !== undefined && columns > 0) return columns;
  const declared = Number(fromEnv);
  return Number.isInteger(declared) && declared > 0 ? declared : undefined;
}
