import { CookieTokenStore, createClient, type MatchmakerClient } from '@matchmaker/sdk';

export { beginStartup } from '@matchmaker/sdk';

import type { AppConfig } from '../config/env';
import { reportError } from './report';

/** Builds the client: tokens in cookies (SPEC.md section 4), sockets on the configured origin. */
export function buildClient(config: AppConfig): MatchmakerClient {
  return createClient({
    baseURL: config.apiBase,
    tokenStore: new CookieTokenStore({ secure: config.secureCookies }),
    onError: reportError,
    realtime: { url: config.socketUrl, path: config.socketPath },
  });
}
