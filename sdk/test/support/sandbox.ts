/**
 * The reference provider (contracts/sandbox) started from code for the answer-schema tests: one
 * sandbox per test file on a free port of 127.0.0.1, stopped after the file. The sandbox checks
 * its own answers against the catalogue too (`checkResponses`), so a disagreement shows on both
 * sides. Imported by path: the sandbox depends on the SDK, so the SDK cannot list it as a package.
 */
import { afterAll, beforeAll } from 'vitest';
import { DEMO_PASSWORD, type RunningSandbox, startSandbox } from '../../../contracts/sandbox/src/server';
import { createClient, type MatchmakerClient } from '../../src/index';

export interface SandboxFixture {
  readonly url: string;
  /** A client logged in as a demo account (`member1`, `admin`, ...). */
  login(who: string): Promise<MatchmakerClient>;
  /** A client without a session. */
  anonymous(): MatchmakerClient;
}

export function useSandbox(): SandboxFixture {
  let sandbox: RunningSandbox | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, host: '127.0.0.1', checkResponses: true });
  }, 30_000);
  afterAll(() => sandbox?.close());
  const running = (): RunningSandbox => {
    if (!sandbox) throw new Error('the sandbox is used outside a test');
    return sandbox;
  };
  const anonymous = () => createClient({ baseURL: running().url, locks: null, timeoutMs: 10_000 });
  return {
    get url() {
      return running().url;
    },
    anonymous,
    async login(who) {
      const client = anonymous();
      await client.accounts.login({ email: `${who}@sandbox.test`, password: DEMO_PASSWORD });
      return client;
    },
  };
}
