/**
 * Everything a handler, a socket or a simulated page may reach: the store, tokens, realtime and the
 * resolved options. One World per sandbox instance, so tests can run many side by side.
 */
import type { Auth } from './auth';
import { MediaSigner } from './media/signed-urls';
import type { Realtime } from './realtime';
import type { Store } from './state/store';

export interface ResolvedOptions {
  port: number;
  host: string;
  dataFile: string | undefined;
  accessTtlMs: number;
  refreshTtlMs: number;
  failRate: number;
  latencyMs: { min: number; max: number } | undefined;
  faultPrefix: string;
  webDir: string | undefined;
  seed: number;
  webAppUrl: string | undefined;
  checkResponses: boolean;
  logRequests: boolean;
  persistDebounceMs: number;
  expiredSocketGraceMs: number;
  pactStates: boolean;
}

export class World {
  /** The sockets, on the same HTTP server as the API. */
  readonly realtime: Realtime;
  /** `http://host:port`, where no request gives a base URL (the server listens before a World exists). */
  readonly publicUrl: string;
  /** Signs links to private image bytes. */
  readonly media: MediaSigner;

  constructor(
    readonly store: Store,
    readonly auth: Auth,
    readonly options: ResolvedOptions,
    readonly now: () => number,
    parts: { realtime: Realtime; publicUrl: string },
  ) {
    this.realtime = parts.realtime;
    this.publicUrl = parts.publicUrl;
    this.media = new MediaSigner(now);
  }

  /** Where email links point: the web app, which is served from the sandbox's own origin by default. */
  webAppUrl(requestBase: string): string {
    return (this.options.webAppUrl ?? (requestBase || this.publicUrl)).replace(/\/+$/, '');
  }

  nowIso(): string {
    return new Date(this.now()).toISOString();
  }
}
