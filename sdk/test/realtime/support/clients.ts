import {
  createClient,
  type MatchmakerClient,
  MemoryTokenStore,
  type RealtimeOptions,
} from '../../../src/index';
import { userSchema } from '../../../src/schemas/index';
import { sampleUser } from '../../support/client';

export type Role = 'member' | 'admin' | 'unknown';

export interface RealtimeTestClient {
  client: MatchmakerClient;
  /** Everything the client reported through `onError`. */
  errors: unknown[];
  /** The client's token store, for tests that change the session behind its back. */
  store: MemoryTokenStore;
}

const open: MatchmakerClient[] = [];

/**
 * Disposes every client `realtimeClient` made, so no socket outlives its test
 * (`test/support/per-file.ts` calls it after each test). Not an `afterEach` here: files that share
 * a worker without isolation evaluate this module once, and a hook it registered would belong to
 * the first file alone; a later file's clients then reconnected to the next file's server.
 */
export function disposeRealtimeClients(): void {
  for (const client of open.splice(0)) client.realtime.dispose();
}

/**
 * A client of `url`, logged in with access-1/refresh-1, whose user is a member, an admin, or not
 * loaded yet ('unknown').
 */
export function realtimeClient(
  url: string,
  options: { role?: Role; store?: MemoryTokenStore; realtime?: RealtimeOptions } = {},
): RealtimeTestClient {
  const errors: unknown[] = [];
  const store = options.store ?? new MemoryTokenStore({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  const client = createClient({
    baseURL: url,
    tokenStore: store,
    locks: null,
    onError: (error) => errors.push(error),
    ...(options.realtime ? { realtime: options.realtime } : {}),
  });
  const role = options.role ?? 'member';
  if (role !== 'unknown') {
    client.session.setUser(
      userSchema.parse(sampleUser({ roles: role === 'admin' ? ['Admin'] : ['General'] })),
    );
  }
  open.push(client);
  return { client, errors, store };
}
