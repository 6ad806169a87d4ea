/**
 * A bulk run's spec for the tests of its phases (prepare, loop): the streams captured, the
 * configuration folder temporary, every option at what `bulk` passes by default.
 */
import { PassThrough } from 'node:stream';
import { DEMO_PASSWORD, type RunningSandbox } from '@matchmaker/sandbox';
import { createClient, type MatchmakerClient, MemoryTokenStore } from '@matchmaker/sdk';
import { configureAction } from '../../src/bulk/actions';
import { fileSource } from '../../src/bulk/reader';
import { RunControl } from '../../src/bulk/run-control';
import type { RunSpec } from '../../src/bulk/run-spec';
import { DEFAULT_RETRIES, rowRetry } from '../../src/retry-policy';
import { tempDir } from './cli';

export interface Captured {
  spec: RunSpec;
  stderr: () => string;
  /** The row counts the confirmation was asked about, one entry a question. */
  asked: (number | undefined)[];
}

/** A spec for the input at `path`, `deactivate` by default; `overrides` win. */
export function specFor(path: string, overrides: Partial<RunSpec> = {}): Captured {
  let stderr = '';
  const asked: (number | undefined)[] = [];
  const spec: RunSpec = {
    io: {
      stdout: { write: () => true, isTTY: false },
      stderr: {
        write: (text: string) => {
          stderr += text;
          return true;
        },
        isTTY: false,
      },
      stdin: Object.assign(new PassThrough(), { isTTY: false }),
      env: { XDG_CONFIG_HOME: tempDir() },
    },
    action: configureAction('deactivate', {})({ idColumn: 'id' }),
    source: fileSource(path, 'csv', new PassThrough()),
    idColumn: 'id',
    concurrency: 4,
    rate: undefined,
    dryRun: false,
    validateOnly: false,
    resume: false,
    retryFailed: false,
    journalPath: `${path}.journal.ndjson`,
    journalGiven: true,
    failuresPath: `${path}.failures.csv`,
    reportPath: undefined,
    client: undefined,
    printer: undefined,
    control: new RunControl(),
    confirm: async (rows) => {
      asked.push(rows);
    },
    ...overrides,
  };
  return { spec, stderr: () => stderr, asked };
}

/**
 * An SDK client signed in to the sandbox as its admin, retrying as a run's client does
 * (commands/bulk.ts), with short backoffs.
 */
export async function adminClient(box: RunningSandbox): Promise<MatchmakerClient> {
  const client = createClient({
    baseURL: box.url,
    tokenStore: new MemoryTokenStore(),
    locks: null,
    retry: { policy: rowRetry(DEFAULT_RETRIES, { kind: 'backoff', baseMs: 5, maxMs: 20 }), calls: 'safe' },
  });
  await client.accounts.login({ email: 'admin@sandbox.test', password: DEMO_PASSWORD });
  return client;
}
