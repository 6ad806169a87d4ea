import { chmod, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Tokens } from '../schemas/auth';
import { Mutex, type TokenStore } from './token-store';

/** Counts writes in this process, to name temporary files uniquely. */
let writes = 0;

/**
 * Tokens in a JSON file readable only by its owner (mode 0600), for the CLI and scripts. Writes
 * are atomic (temporary file + rename) so a crash never leaves half a token file.
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

  withLock<T>(fn: () => Promise<T>): Promise<T> {
    return this.#mutex.run(fn);
  }
}
