/**
 * Consuming Pact messages with the SDK's own realtime channels. A message pact has no mock server,
 * so the sandbox's socket.io server carries each message to a connected SDK client: the test
 * passes when the channel's handler receives the message (after the SDK's schema accepted it).
 */
import { isDeepStrictEqual } from 'node:util';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type RunningSandbox, startSandbox } from '@matchmaker/sandbox';
import { createClient, type MatchmakerClient } from '@matchmaker/sdk';
import { PactV4 } from '@pact-foundation/pact';
import { CONSUMER, EVENT_METADATA, type RealtimeEvent, type RealtimeProvider } from '../../src/names';
import { pactOutDir } from '../../src/pact-dirs';

const WAIT_MS = 5_000;

/** One pact handle per realtime provider. */
export function messagePactWith(provider: RealtimeProvider): PactV4 {
  return new PactV4({ consumer: CONSUMER, provider, dir: pactOutDir(), logLevel: 'error' });
}

/** The metadata of every message: which socket.io event on which namespace it stands for. */
export const eventMetadata = (event: RealtimeEvent, namespace: '/chat' | '/notifications') => ({
  [EVENT_METADATA]: event,
  namespace,
});

export interface RealtimeHarness {
  readonly client: MatchmakerClient;
  readonly sandbox: RunningSandbox;
  /** Sends `payload` as `event` to every socket of the namespace (only the harness client's). */
  emit(namespace: '/chat' | '/notifications', event: RealtimeEvent, payload: unknown): void;
  close(): Promise<void>;
}

/** A sandbox and an SDK client logged in as a demo member with both channels connected. */
export async function startRealtimeHarness(): Promise<RealtimeHarness> {
  const sandbox = await startSandbox({ port: 0 });
  const client = createClient({ baseURL: sandbox.url, locks: null });
  const member = DEMO_ACCOUNTS.find((account) => account.key === 'member5');
  if (!member) throw new Error('the sandbox has no demo member5');
  await client.accounts.login({ email: member.email, password: DEMO_PASSWORD });
  // The notifications channel opens only once the session knows the user is a member.
  await client.accounts.userInfo();
  await client.realtime.connect();
  const realtime = sandbox.realtime;
  return {
    client,
    sandbox,
    emit: (namespace, event, payload) => realtime.io.of(namespace).emit(event, payload),
    async close() {
      client.realtime.dispose();
      await sandbox.close();
    },
  };
}

/**
 * Resolves with the payload a channel handler receives once it equals `expected` (the sandbox may
 * send events of its own meanwhile, such as `online_chats` on connect). `subscribe` registers the
 * handler, as in `(handler) => client.realtime.chat.on('new_message', handler)`.
 */
export function received<T>(
  subscribe: (handler: (payload: T) => void) => () => void,
  expected: unknown,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error('the channel handler never received the message of the pact'));
    }, WAIT_MS);
    const stop = subscribe((payload) => {
      if (!isDeepStrictEqual(payload, expected)) return;
      clearTimeout(timer);
      stop();
      resolve(payload);
    });
  });
}
