/** Starts sandboxes for tests (free port, responses checked against the SDK) and makes SDK clients. */
import { createClient, isHttpError, type MatchmakerClient } from '@matchmaker/sdk';
import { DEMO_PASSWORD, type RunningSandbox, type SandboxOptions, startSandbox } from '../../src/server';

const running = new Set<RunningSandbox>();

/**
 * Closes every sandbox a test file started (`test/support/per-file.ts` calls it after each file).
 * Not an `afterAll` here: the suite runs without isolation, so this module is evaluated once per
 * worker, and a hook it registered would belong to the first file that imported it alone (the
 * sandboxes of every later file stayed open, up to 131 at once).
 */
export async function closeSandboxes(): Promise<void> {
  const open = [...running];
  running.clear();
  await Promise.all(open.map((sandbox) => sandbox.close()));
}

/** A sandbox on a free port whose every answer must parse with the catalogue's response schema. */
export async function sandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const instance = await startSandbox({ port: 0, checkResponses: true, ...options });
  running.add(instance);
  return instance;
}

export function client(instance: RunningSandbox): MatchmakerClient {
  return createClient({ baseURL: instance.url, locks: null, timeoutMs: 10_000 });
}

/** A client logged in as a demo account (`member1`, `admin`, ... or a full email). */
export async function loggedIn(instance: RunningSandbox, who: string): Promise<MatchmakerClient> {
  const api = client(instance);
  await api.accounts.login({
    email: who.includes('@') ? who : `${who}@sandbox.test`,
    password: DEMO_PASSWORD,
  });
  return api;
}

export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** The status and body of the HTTP error an SDK call rejects with (anything else fails the test). */
export async function refusal(call: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isHttpError(error)) throw new Error(`expected an HTTP error, got ${String(error)}`);
  return { status: error.status, body: error.body };
}
