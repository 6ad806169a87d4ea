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
    if (
      !['index.js', 'schemas.cjs', 'rules.js', 'node.cjs'].every((file) =>
        existsSync(join(root, 'dist', file)),
      )
    ) {
      execFileSync('pnpm', ['exec', 'tsup'], { cwd: root, stdio: 'ignore' });
    }
  }, 120_000);

  /** Loads every entry with `load` (import or require) and prints what each must hold. */
  const probe = (load: (entry: string) => string) =>
    `const sdk = ${load('@matchmaker/sdk')};
     const schemas = ${load('@matchmaker/sdk/schemas')};
     const rules = ${load('@matchmaker/sdk/rules')};
     const node = ${load('@matchmaker/sdk/node')};
     console.log([typeof sdk.createClient, typeof sdk.isHttpError, typeof rules.profileCompletion, rules.KYC_PAGE_SIZE,
       typeof node.FileTokenStore, schemas.endpointList.length,
       schemas.endpoints['accounts.userInfo'].response === schemas.userSchema].join(','));`;

  it('imports as ESM: the root, schemas, rules and node subpaths', () => {
    const out = runNode(['--input-type=module', '-e', probe((entry) => `await import('${entry}')`)]);
    expect(out).toBe('function,function,function,15,function,92,true');
  });

  it('requires as CJS: the root, schemas, rules and node subpaths, one copy of each schema', () => {
    const out = runNode(['-e', probe((entry) => `require('${entry}')`)]);
    expect(out).toBe('function,function,function,15,function,92,true');
  });

  it('keeps the root short: schemas and rules are not re-exported there', () => {
    const out = runNode([
      '--input-type=module',
      '-e',
      `const sdk = await import('@matchmaker/sdk');
       console.log(['userSchema', 'endpoints', 'profileCompletion', 'KYC_PAGE_SIZE'].filter((name) => name in sdk).join(',') || 'none');`,
    ]);
    expect(out).toBe('none');
  });

  /**
   * The message of user info's refusal of `roles: 1`, read from the built package in a process
   * with no classic zod (which would set English itself), after `before` has run there.
   */
  const rolesRefusal = (before = '') =>
    runNode([
      '--input-type=module',
      '-e',
      `${before}
       const schemas = await import('@matchmaker/sdk/schemas');
       const answer = schemas.endpoints['accounts.userInfo'].response.safeParse({ roles: 1 });
       console.log(answer.error.issues.find((issue) => issue.path[0] === 'roles').message);`,
    ]);

  it("words a refusal in zod's English, with no other copy of zod loaded to set it", () => {
    // zod/mini, which the SDK builds on, answers "Invalid input" alone until its locale is set.
    expect(rolesRefusal()).toBe('Invalid input: expected array, received number');
  });

  it("keeps a locale the application chose before it loaded the SDK's schemas", () => {
    const chosen = `const z = await import('zod/mini');
       z.config({ localeError: () => 'Saisie invalide' });`;
    expect(rolesRefusal(chosen)).toBe('Saisie invalide');
  });

  it('ships declarations for both formats', () => {
    for (const entry of ['index', 'schemas', 'rules', 'node']) {
      for (const file of [`${entry}.d.ts`, `${entry}.d.cts`]) {
        expect(existsSync(join(root, 'dist', file)), file).toBe(true);
      }
    }
  });
});
