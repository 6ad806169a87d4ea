import { chmod, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Tokens } from '../schemas/auth';
import { Mutex, type TokenStore } from './token-store';

/** Counts writes in this process, to name temporary files uniquely. */
let writes = 0;

/** A lock file older than this belongs to a process that died holding it. */
const STALE_LOCK_MS = 30_000;
/** How long to wait for another process's refresh before giving up. */
const LOCK_TIMEOUT_MS = 15_000;
const LOCK_POLL_MS = 25;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Tokens in a JSON file readable only by its owner (mode 0600), for the CLI and scripts. Writes
 * are atomic (temporary file + rename) so a crash never leaves half a token file, and refreshes
 * are serialised across processes by a lock file.
 */
export class FileTokenStore implements TokenStore {
  readonly path: string;
  readonly #mutex = new Mutex();

  constructor(path: string) {
    this.path = path;
  }

  async get(): Promise<Tokens | null> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new Error(`Token file ${this.path} is not valid JSON; delete it and log in again`);
    }
    const { accessToken, refreshToken } = (data ?? {}) as Partial<Tokens>;
    if (typeof accessToken !== 'string' || accessToken === '') return null;
    return { accessToken, refreshToken: typeof refreshToken === 'string' ? refreshToken : '' };
  }

  async set(tokens: Tokens): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
    // Unique per write: two set() calls in the same millisecond must not share a temporary file.
    const temp = `${this.path}.${process.pid}.${++writes}.tmp`;
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(JSON.stringify(tokens));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await chmod(temp, 0o600);
    await rename(temp, this.path);
  }

  async clear(): Promise<void> {
    await rm(this.path, { force: true });
  }

  /**
   * Runs `fn` holding the store's lock: a mutex within this process and a lock file
   * (`<path>.lock`, created exclusively) across processes, so CLI runs sharing one session file
   * never spend the same refresh token twice.
   */
  withLock<T>(fn: () => Promise<T>): Promise<T> {
    return this.#mutex.run(async () => {
      const lock = `${this.path}.lock`;
      await this.#acquire(lock);
      try {
        return await fn();
      } finally {
        await rm(lock, { force: true });
      }
    });
  }

  async #acquire(lock: string): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
    const deadline = Date.now() + LOCK_TIMEOUT_MS;
    for (;;) {
      try {
        const handle = await open(lock, 'wx', 0o600);
        await handle.writeFile(String(process.pid));
        await handle.close();
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const age = await stat(lock).then(
        (info) => Date.now() - info.mtimeMs,
        () => 0,
      );
      if (age > STALE_LOCK_MS) {
        await rm(lock, { force: true });
        continue;
      }
      if (Date.now() > deadline) {
        throw new Error(
          `Timed out waiting for the token lock ${lock}; delete it if no other matchmaker process runs`,
        );
      }
      await pause(LOCK_POLL_MS);
    }
  }
}
