/**
 * Where pact files live. A leaf module (Node's own modules only): the tests' global setup reads it,
 * and vitest loads that setup without the `source` condition that resolves the SDK from source.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));

/** The reviewed, committed pacts that backend teams verify. */
export const COMMITTED_PACT_DIR = resolve(packageRoot, 'pacts');

/**
 * Where a test run writes pacts. By default a scratch directory that the drift check compares
 * with the committed pacts, so a run never rewrites reviewed files; `PACT_OUT=pacts` (the
 * `pacts:update` script) writes the committed directory itself.
 */
export function pactOutDir(): string {
  const chosen = process.env.PACT_OUT;
  return chosen ? resolve(packageRoot, chosen) : resolve(packageRoot, '.pact-out');
}
