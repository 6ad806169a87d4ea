/**
 * What the build put in each chunk (dist/.vite/chunk-modules.json, written by vite.config.ts), so
 * tests tell chunks apart by their modules, not by their names.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WEB_DIST } from './browser';

let read: Readonly<Record<string, Readonly<Record<string, number>>>> | null = null;

/** Each chunk's file (below dist/) and the modules in it (paths below web/, or a package's). */
export function chunkModules(): Readonly<Record<string, Readonly<Record<string, number>>>> {
  read ??= JSON.parse(readFileSync(join(WEB_DIST, '.vite', 'chunk-modules.json'), 'utf8'));
  return read ?? {};
}

/** The path the page asks for of the one chunk holding a module matching `module`; throws unless exactly one does. */
export function fileHolding(module: RegExp): string {
  const chunks = chunkModules();
  const files = Object.keys(chunks).filter((file) =>
    Object.keys(chunks[file] ?? {}).some((id) => module.test(id)),
  );
  if (files.length !== 1) throw new Error(`${module} is in ${files.length} chunks: ${files.join(', ')}`);
  return `/${files[0]}`;
}
