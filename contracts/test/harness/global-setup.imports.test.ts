/**
 * Vitest loads the global setup outside the test workers, without the `source` resolve condition
 * the config gives them, so a workspace package it reaches resolves to that package's `dist`
 * (missing on a fresh checkout: "Cannot find module '@matchmaker/sdk/schemas'"). The setup and
 * everything it imports must therefore reach only Node's modules and our own files.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const setup = fileURLToPath(new URL('../support/global-setup.ts', import.meta.url));

/** Every module specifier the file and its relative imports reach, by the file that imports it. */
function reachedImports(entry: string): { from: string; specifier: string }[] {
  const seen = new Set<string>();
  const found: { from: string; specifier: string }[] = [];
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName: specifier } of importedFiles) {
      if (specifier.startsWith('.'))
        pending.push(resolve(dirname(file), `${specifier.replace(/\.js$/, '')}.ts`));
      else found.push({ from: file, specifier });
    }
  }
  return found;
}

describe('the global setup', () => {
  it('reaches no workspace package, which it would load from a build', () => {
    const packages = reachedImports(setup).filter(({ specifier }) => !specifier.startsWith('node:'));
    expect(packages).toEqual([]);
  });
});
