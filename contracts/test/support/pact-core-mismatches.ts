/**
 * The Pact mock server's request log, read through pact-core's private API (pact-js has no
 * public one): `makeConsumerPact(...)` and `mockServerMismatches(port)` on the handle it returns.
 * Mismatch reports are per port, so any handle reads every mock server's. When a Pact upgrade
 * drops either function this throws, naming the pact-core version, rather than doing nothing.
 */
import { createRequire } from 'node:module';

/** One entry of the log: a request that did not match, or (`missing-request`) one not received yet. */
export interface Recorded {
  type: string;
}

/** The log of the mock server on `port`; undefined when no mock server listens there. */
export type MismatchReader = (port: number) => Recorded[] | undefined;

type AnyFunction = (...args: unknown[]) => unknown;
const isFunction = (value: unknown): value is AnyFunction => typeof value === 'function';
const property = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

export function mismatchReader(core: unknown, version: string): MismatchReader {
  const fail = (what: string): never => {
    throw new Error(
      `test/support/settle-requests.ts reads the Pact mock server's log through a private API of @pact-foundation/pact-core, and pact-core ${version} ${what}. ` +
        'Without it, requests that did match can be reported as "expected but not received" on a busy machine. ' +
        'Adapt test/support/pact-core-mismatches.ts to this pact-core, or keep @pact-foundation/pact at a version whose pact-core has it (16.4.0 has pact-core 19.2.0).',
    );
  };
  const make = property(core, 'makeConsumerPact');
  if (!isFunction(make)) return fail('has no makeConsumerPact function');
  const handle = make('settle-requests', 'settle-requests', 4, 'error');
  const mismatches = property(handle, 'mockServerMismatches');
  if (!isFunction(mismatches)) return fail('makes consumer pacts without a mockServerMismatches function');
  return (port) => {
    let entries: unknown;
    try {
      entries = mismatches.call(handle, port);
    } catch {
      // pact-core throws for a port without a mock server (a sandbox, in the realtime tests).
      return undefined;
    }
    if (!Array.isArray(entries)) return fail(`answers mockServerMismatches with ${JSON.stringify(entries)}`);
    return entries as Recorded[];
  };
}

/** The reader of the pact-core that the installed @pact-foundation/pact uses. */
export function loadMismatchReader(): MismatchReader {
  // pact-core is pact-js's own dependency, so it is resolved from there.
  const requireFromPact = createRequire(createRequire(import.meta.url).resolve('@pact-foundation/pact'));
  let version = 'unknown';
  try {
    version = String(
      (requireFromPact('@pact-foundation/pact-core/package.json') as { version?: unknown }).version,
    );
  } catch {
    // A package that hides its package.json still gets the clear error below, as version unknown.
  }
  return mismatchReader(requireFromPact('@pact-foundation/pact-core'), version);
}
