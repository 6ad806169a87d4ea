/**
 * What every command needs, resolved once at the edge: the profile, the API base, the output
 * options, the colours of each stream, and (lazily) an SDK client with the profile's tokens.
 */
import {
  createClient,
  isAdmin,
  type MatchmakerClient,
  MemoryTokenStore,
  type TokenStore,
} from '@matchmaker/sdk';
import { FileTokenStore } from '@matchmaker/sdk/node';
import type { Command } from 'commander';
import { z } from 'zod';
import { type Colors, colorsFor } from './color';
import {
  type CliConfig,
  checkProfileName,
  configDir,
  credentialsPath,
  DEFAULT_API_BASE,
  DEFAULT_PROFILE,
  readConfig,
  repairMode,
} from './config';
import { ADMIN_ONLY_MESSAGE, authError, SIGN_IN_AGAIN, usageError } from './exit';
import { stringAt } from './guards';
import type { Io } from './io';
import { FORMATS, type Format, type OutputOptions } from './output';
import { CachedTokenStore } from './token-cache';

const globalsSchema = z.object({
  profile: z.string().optional(),
  apiBase: z.string().optional(),
  output: z.enum(FORMATS).optional(),
  fields: z.string().optional(),
  yes: z.boolean().optional(),
});
export type GlobalOptions = z.infer<typeof globalsSchema>;

export interface Context {
  io: Io;
  profile: string;
  apiBase: string;
  /** Where the API base came from, for whoami. */
  apiBaseSource: 'flag' | 'env' | 'profile' | 'default';
  dir: string;
  config: CliConfig;
  output: OutputOptions;
  /** Colours for stderr (messages, prompts, progress). */
  err: Colors;
  yes: boolean;
  /** MATCHMAKER_TOKEN is set: stored credentials are not used. */
  envToken: boolean;
  warn(message: string): void;
  info(message: string): void;
  /** The client for this profile; created on first use (with `fetch` when given then). */
  client(fetchImpl?: typeof fetch): MatchmakerClient;
  /** A client on the profile's stored credentials even when MATCHMAKER_TOKEN is set (login). */
  storedClient(): MatchmakerClient;
  /** The client, after checking a session exists (exit 4 otherwise). */
  signedIn(fetchImpl?: typeof fetch): Promise<MatchmakerClient>;
  tokenStore(): TokenStore;
}

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
  return text.replace(/\/+$/, '');
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

function makeClient(apiBase: string, tokenStore: TokenStore, fetchImpl?: typeof fetch): MatchmakerClient {
  // The CLI subscribes to no session events, so there are no handler errors to report.
  return createClient({
    baseURL: apiBase,
    tokenStore,
    locks: null,
    // Staff keep their stored credentials when a refresh fails on the network (SPEC.md logs out;
    // a CLI must not make someone sign in again because the VPN dropped).
    refreshNetworkFailure: 'keep-session',
    onError: () => {},
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
}

export async function createContext(command: Command, io: Io): Promise<Context> {
  const { env } = io;
  const parsed = globalsSchema.safeParse(command.optsWithGlobals());
  if (!parsed.success) throw usageError(`Invalid options: ${parsed.error.issues[0]?.message ?? 'unknown'}`);
  const globals = parsed.data;
  const err = colorsFor(io.stderr, env);
  const warn = (message: string) => io.stderr.write(`${err.yellow('Warning:')} ${message}\n`);
  const info = (message: string) => io.stderr.write(`${message}\n`);
  const profile = checkProfileName(globals.profile ?? env.MATCHMAKER_PROFILE ?? DEFAULT_PROFILE);
  const dir = configDir(env);
  const config = await readConfig(dir, warn);
  const stored = config.profiles[profile]?.apiBase;
  const [rawBase, apiBaseSource]: [string, Context['apiBaseSource']] = globals.apiBase
    ? [globals.apiBase, 'flag']
    : env.MATCHMAKER_API_BASE
      ? [env.MATCHMAKER_API_BASE, 'env']
      : stored
        ? [stored, 'profile']
        : [DEFAULT_API_BASE, 'default'];
  const apiBase = normaliseBase(rawBase, apiBaseSource === 'flag' ? '--api-base' : apiBaseSource);
  const tty = io.stdout.isTTY === true;
  const format: Format = globals.output ?? 'table';
  const output: OutputOptions = {
    format,
    fields: parseFields(globals.fields),
    tty,
    colors: colorsFor(io.stdout, env),
    width: tty ? terminalWidth(io.stdout.columns, env.COLUMNS) : undefined,
    write: (text) => io.stdout.write(text),
  };
  const envToken = env.MATCHMAKER_TOKEN !== undefined && env.MATCHMAKER_TOKEN !== '';
  let store: TokenStore | undefined;
  let client: MatchmakerClient | undefined;
  const tokenStore = (): TokenStore => {
    if (!store) {
      store =
        envToken && env.MATCHMAKER_TOKEN
          ? new MemoryTokenStore({ accessToken: env.MATCHMAKER_TOKEN, refreshToken: '' })
          : new CachedTokenStore(new FileTokenStore(credentialsPath(dir, profile)));
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
    warn,
    info,
    tokenStore,
    client(fetchImpl) {
      client ??= makeClient(apiBase, tokenStore(), fetchImpl);
      return client;
    },
    storedClient() {
      return envToken
        ? makeClient(apiBase, new FileTokenStore(credentialsPath(dir, profile)))
        : context.client();
    },
    async signedIn(fetchImpl?: typeof fetch) {
      if (!envToken) await repairMode(credentialsPath(dir, profile), warn);
      const current = context.client(fetchImpl);
      if (!(await current.session.isLoggedIn())) {
        throw authError(`Not signed in (profile '${profile}', ${apiBase}): ${SIGN_IN_AGAIN}`);
      }
      return current;
    },
  };
  return context;
}

/** Loads the signed-in user and refuses member accounts: the CLI is for staff. */
export async function requireAdmin(
  context: Context,
  fetchImpl?: typeof fetch,
): Promise<{ client: MatchmakerClient; userId: string | undefined }> {
  const client = await context.signedIn(fetchImpl);
  const user = await client.accounts.userInfo();
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
