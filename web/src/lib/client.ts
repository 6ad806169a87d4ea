/**
 * The one SDK client of the app. Every API call goes through it; nothing else builds a client.
 *
 * The client (the endpoint catalogue with its zod schemas, ofetch, socket.io) is the largest part
 * of the app, so it is its own chunk: a visitor reading the landing or login page does not wait
 * for it. Its chunk's imports (zod and the user's schemas) run first, in a task of their own
 * (client-schemas.ts), so that the phone's main thread is not held for both at once.
 * `loadClient()` fetches and creates it once (a fetch that failed is tried again by the
 * next call); `getClient()` returns it where it is known
 * to be loaded (member and admin areas: the guard waits for start-up, which loads it).
 */
import type { MatchmakerClient } from '@matchmaker/sdk';
import { loadConfig } from '../config/config';
import { loadOnce } from './load-once';

let client: MatchmakerClient | null = null;
const onCreate: ((client: MatchmakerClient) => void)[] = [];

type Factory = typeof import('./client-factory');
let factory: Factory | null = null;

export const loadClient: () => Promise<MatchmakerClient> = loadOnce(() =>
  Promise.all([import('./client-schemas').then(() => import('./client-factory')), loadConfig()]).then(
    ([module, appConfig]) => {
      factory = module;
      const { buildClient } = module;
      const created = buildClient(appConfig);
      client = created;
      for (const listener of onCreate.splice(0)) listener(created);
      return created;
    },
  ),
);

/** The client, once loaded. Throws in code that runs before start-up loaded it (a bug). */
export function getClient(): MatchmakerClient {
  if (!client) throw new Error('getClient() before the client was loaded: await loadClient() instead');
  return client;
}

/** The client if it has been loaded, else null (logged-out visitors may never load it). */
export function loadedClient(): MatchmakerClient | null {
  return client;
}

/** Runs `listener` with the client as soon as it exists (at once if it does). */
export function whenClientCreated(listener: (client: MatchmakerClient) => void): void {
  if (client) listener(client);
  else onCreate.push(listener);
}

/** The SDK's start-up flow, shipped in the client's chunk (only logged-in users run it). */
export async function loadStartup(): Promise<Factory['beginStartup']> {
  await loadClient();
  if (!factory) throw new Error('The client chunk loaded without its module');
  return factory.beginStartup;
}
