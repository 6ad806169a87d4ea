import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a snippet in a plain Node process, resolving the package by its name through "exports". */
function runNode(args: string[]): string {
  return execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' }).trim();
}

describe('the built package', () => {
  beforeAll(() => {
    if (!existsSync(join(root, 'dist/index.js')) || !existsSync(join(root, 'dist/node.cjs'))) {
      execFileSync('pnpm', ['exec', 'tsup'], { cwd: root, stdio: 'ignore' });
    }
  }, 120_000);

  it('imports as ESM, main entry and node subpath', () => {
    const out = runNode([
      '--input-type=module',
      '-e',
      `const sdk = await import('@matchmaker/sdk');
       const node = await import('@matchmaker/sdk/node');
       console.log([typeof sdk.createClient, typeof sdk.profileCompletion, typeof node.FileTokenStore, sdk.endpointList.length].join(','));`,
    ]);
    expect(out).toBe('function,function,function,92');
  });

  it('requires as CJS, main entry and node subpath', () => {
    const out = runNode([
      '-e',
      `const sdk = require('@matchmaker/sdk');
       const node = require('@matchmaker/sdk/node');
       console.log([typeof sdk.createClient, typeof sdk.isHttpError, typeof node.FileTokenStore, sdk.endpointList.length].join(','));`,
    ]);
    expect(out).toBe('function,function,function,92');
  });

  it('ships declarations for both formats', () => {
    for (const file of ['index.d.ts', 'index.d.cts', 'node.d.ts', 'node.d.cts']) {
      expect(existsSync(join(root, 'dist', file)), file).toBe(true);
    }
  });
});
