/** The app's source files, for tests that check something over all of them. */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const SRC = join(import.meta.dirname, '..', '..', 'src');

/** Every .ts and .tsx file under `dir` (the app's sources by default). */
export function sources(dir: string = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}
