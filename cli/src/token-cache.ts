/**
 * The token store of a profile: the SDK's FileTokenStore (its 0600 file, atomic writes and
 * refresh lock), bound to the API base that issued the tokens, with the tokens kept in memory.
 *
 * Bound: the file records the API base next to the tokens, and tokens are only handed out to a
 * client of that base. A profile whose base came out differently (--api-base, the environment, a
 * config entry lost) would otherwise send its tokens to another server.
 *
 * Cached: without it every API call reads and parses the credentials file (a bulk run of 10,000
 * rows spent a third of its time in open/read/close). Refreshes still see other processes'
 * tokens: inside the store's lock (where the session decides whether to refresh) the file is
 * read again.
 */
import type { TokenStore, Tokens } from '@matchmaker/sdk';
import type { FileTokenStore } from '@matchmaker/sdk/node';
import { readSettingsFile } from './config';
import { authError, loginCommandFor } from './exit';
import { isRecord, stringAt } from './guards';

/** What a credentials file holds. */
export type Credentials =
  | { state: 'none' }
  | { state: 'unreadable'; reason: string }
  | { state: 'stored'; tokens: Tokens; apiBase: string | undefined };

/** Reads a credentials file without trusting it: a damaged file is described, not thrown. */
export async function readCredentials(path: string): Promise<Credentials> {
  let text: string | undefined;
  try {
    text = await readSettingsFile(path, (reason) => new Error(reason));
  } catch (error) {
    return { state: 'unreadable', reason: error instanceof Error ? error.message : String(error) };
  }
  if (text === undefined) return { state: 'none' };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { state: 'unreadable', reason: 'it is not valid JSON' };
  }
  if (!isRecord(data)) return { state: 'unreadable', reason: 'it is not a credentials file' };
  // A base that is there but not text is damage, not a file from before bases were recorded.
  if (data.apiBase !== undefined && typeof data.apiBase !== 'string')
    return { state: 'unreadable', reason: "its 'apiBase' is not text" };
  const accessToken = stringAt(data, 'accessToken');
  if (accessToken === undefined || accessToken === '') return { state: 'none' };
  return {
    state: 'stored',
    tokens: { accessToken, refreshToken: stringAt(data, 'refreshToken') ?? '' },
    apiBase: stringAt(data, 'apiBase'),
  };
}

export interface ProfileStoreOptions {
  profile: string;
  /** The API base the client sends to: only tokens issued by it are handed out. */
  apiBase: string;
  /** Where that base came from, for the refusal ("--api-base", "MATCHMAKER_API_BASE", ...). */
  apiBaseSource: string;
  /** The profile's base in config.json: the binding of files written before bases were recorded. */
  configBase: string | undefined;
  /**
   * For `login`: a damaged file, or tokens of another base, count as no tokens (login replaces
   * them) instead of refusing.
   */
  replace?: boolean;
}

export class ProfileTokenStore implements TokenStore {
  #cached: Tokens | null | undefined;

  constructor(
    readonly file: FileTokenStore,
    readonly options: ProfileStoreOptions,
  ) {}

  /** Synchronous once the file has been read: every call of a run reads the tokens, and waits for nothing. */
  get(): Tokens | null | Promise<Tokens | null> {
    if (this.#cached === undefined) {
      return this.#load().then((loaded) => {
        this.#cached ??= loaded;
        return this.#cached ? { ...this.#cached } : null;
      });
    }
    return this.#cached ? { ...this.#cached } : null;
  }

  async set(tokens: Tokens): Promise<void> {
    // FileTokenStore writes the object it is given as JSON: the base goes into the file with the
    // tokens, in the same atomic write, and is written again with every refresh.
    const bound: Tokens & { apiBase: string } = { ...tokens, apiBase: this.options.apiBase };
    await this.file.set(bound);
    this.#cached = { ...tokens };
  }

  async clear(): Promise<void> {
    await this.file.clear();
    this.#cached = null;
  }

  withLock<T>(fn: () => Promise<T>): Promise<T> {
    return this.file.withLock(async () => {
      this.#cached = await this.#load();
      return fn();
    });
  }

  async #load(): Promise<Tokens | null> {
    const { profile, apiBase, apiBaseSource, configBase, replace } = this.options;
    const path = this.file.path;
    const found = await readCredentials(path);
    if (found.state === 'none') return null;
    if (found.state === 'unreadable') {
      if (replace) return null;
      throw authError(
        `The credentials file ${path} cannot be read (${found.reason}): run ${loginCommandFor(profile)} to replace it`,
        'CREDENTIALS_UNREADABLE',
      );
    }
    const issuer = found.apiBase ?? configBase;
    if (issuer === apiBase) return found.tokens;
    if (replace) return null;
    if (issuer === undefined) {
      throw authError(
        `The credentials in ${path} do not say which API base issued them, so they are not sent anywhere: run ${loginCommandFor(profile, apiBase)}`,
        'CREDENTIALS_UNBOUND',
      );
    }
    const instead =
      apiBaseSource === '--api-base'
        ? 'or leave out --api-base'
        : apiBaseSource === 'MATCHMAKER_API_BASE'
          ? 'or unset MATCHMAKER_API_BASE'
          : `or pass --api-base ${issuer}`;
    throw authError(
      `Profile '${profile}' is signed in to ${issuer}, not to ${apiBase} (from ${apiBaseSource}); its credentials are only sent to the API that issued them. Run ${loginCommandFor(profile, apiBase)} to sign in there instead (another --profile keeps both), ${instead}`,
      'OTHER_API_BASE',
    );
  }
}
