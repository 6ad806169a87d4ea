/**
 * `--data FILE`: the state is loaded from the file on start and written back after changes,
 * debounced, atomically (a temporary file renamed over the old one), so a crash mid-write never
 * leaves a truncated file behind.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Store } from './store';
import type { SandboxData } from './types';

export function loadData(file: string): SandboxData | undefined {
  if (!existsSync(file)) return undefined;
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null || (parsed as { version?: unknown }).version !== 1) {
    throw new Error(`${file} is not a sandbox data file (version 1)`);
  }
  return parsed as SandboxData;
}

export interface Persistence {
  /** Writes pending changes now; resolves when they are on disk. */
  flush(): Promise<void>;
  /** Flushes and stops listening. */
  close(): Promise<void>;
}

export function persistTo(store: Store, file: string, debounceMs = 200): Persistence {
  let timer: NodeJS.Timeout | undefined;
  let dirty = false;
  let writing: Promise<void> = Promise.resolve();
  let counter = 0;

  const write = async (): Promise<void> => {
    dirty = false;
    const text = JSON.stringify(store.data);
    counter += 1;
    const temp = `${file}.${process.pid}.${counter}.tmp`;
    await mkdir(dirname(file), { recursive: true });
    await writeFile(temp, text);
    await rename(temp, file);
  };

  // Writes are chained so two never race on the rename.
  const flush = (): Promise<void> => {
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (dirty) writing = writing.then(write, write);
    return writing;
  };

  const stop = store.onChange(() => {
    dirty = true;
    if (!timer) {
      timer = setTimeout(() => {
        timer = undefined;
        void flush().catch((error: unknown) => console.error('sandbox: could not write', file, error));
      }, debounceMs);
    }
  });

  // The very first start writes the seeded data, so the file exists from then on.
  if (!existsSync(file)) dirty = true;

  return {
    flush,
    async close() {
      stop();
      await flush();
    },
  };
}
