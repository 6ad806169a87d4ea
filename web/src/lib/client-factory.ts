import { CookieTokenStore, createClient, type MatchmakerClient } from '@matchmaker/sdk';

export { beginStartup } from '@matchmaker/sdk';

import type { AppConfig } from '../config/env';
import { earlyFetch, takeSentEarly } from './early-fetch';
import { reportError } from './report';

/**
 * Builds the client: tokens in cookies (SPEC.md section 4), sockets on the configured origin, and
 * the answers of the calls the signed-in preload script sent before the app ran (early-fetch.ts).
 */
export function buildClient(config: AppConfig): MatchmakerClient {
  return createClient({
    baseURL: config.apiBase,
    fetch: earlyFetch(takeSentEarly()),
    tokenStore: new CookieTokenStore({ secure: config.secureCookies }),
    onError: reportError,
    realtime: { url: config.socketUrl, path: config.socketPath },
  });
}
