import { chmod, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Tokens } from '../schemas/auth';
import { DEFAULT_LOCK_WAIT_MS, FileLock } from './file-lock';
import { Mutex, type TokenStore } from './token-store';

/** Counts writes in this process, to name temporary files uniquely. */
let writes = 0;

export interface FileTokenStoreOptions {
  /**
   * How long to wait for another process's refresh or logout before giving up. Defaults to the
   * longest a refresh may hold the lock with the default time limits, plus slack (about 2.5 min).
   */
  lockWaitMs?: number;
}

/**
 * Tokens in a JSON file readable only by its owner (mode 0600), for the CLI and scripts. Writes
 * are atomic (temporary file + rename) so a crash never leaves half a token file, and refreshes
 * are serialised across processes by a lock file.
 */
export class FileTokenStore implements TokenStore {
  readonly path: string;
  readonly #mutex = new Mutex();
  readonly #lock: FileLock;

  constructor(path: string, options: FileTokenStoreOptions = {}) {
    this.path = path;
    this.#lock = new FileLock(`${path}.lock`, { waitMs: options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS });
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
      await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
      const release = await this.#lock.acquire();
      try {
        return await fn();
      } finally {
        await release();
      }
    });
  }
}
