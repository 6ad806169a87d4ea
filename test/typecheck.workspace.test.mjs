import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGES = ['sdk', 'cli', 'web', 'contracts', 'contracts/sandbox'];

/** A tsconfig file's JSON, comments allowed (as tsc reads it). */
function readConfig(path) {
  const { config, error } = ts.readConfigFile(path, (file) => readFileSync(file, 'utf8'));
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  return config;
}

describe('tsconfig.workspace.json (pnpm typecheck)', () => {
  const workspace = readConfig(join(root, 'tsconfig.workspace.json'));

  it.each(PACKAGES)('includes every folder and file that %s/tsconfig.json includes', (folder) => {
    const own = readConfig(join(root, folder, 'tsconfig.json'));
    const wanted = own.include.map((entry) => relative(root, join(root, folder, entry)));
    expect(workspace.include).toEqual(expect.arrayContaining(wanted));
  });

  it("uses each package's compiler options, or ones that only add to them", () => {
    const base = readConfig(join(root, 'tsconfig.base.json')).compilerOptions;
    for (const folder of PACKAGES) {
      const own = readConfig(join(root, folder, 'tsconfig.json')).compilerOptions ?? {};
      for (const [option, value] of Object.entries(own)) {
        const combined = workspace.compilerOptions[option] ?? base[option];
        if (option === 'types') {
          // Each package's types, by name or as the path the workspace resolves them by.
          for (const name of value)
            expect(
              combined.some((entry) => entry === name || entry.endsWith(`/node_modules/${name}`)),
              `${folder}: ${name}`,
            ).toBe(true);
        } else expect(combined, `${folder}: ${option}`).toEqual(value);
      }
    }
  });
});
