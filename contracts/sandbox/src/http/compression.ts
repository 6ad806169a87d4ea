/**
 * Compression of the API's answers, as a real provider sends them: brotli or gzip by the request's
 * `Accept-Encoding` (its q-values honoured, `q=0` refuses), plain bytes when it asks for neither.
 * The work is @fastify/compress's (README, Libraries); this module decides where it applies:
 *
 * - the API (`/api/...`) and the sandbox's own JSON and HTML pages, but not the media it serves
 *   (`/sandbox/media`, and the API's file answers, which api-routes.ts opts out by the catalogue):
 *   images and PDFs are compressed already, or gain nothing;
 * - never the web app's build: web.ts sends the brotli and gzip copies the build made;
 * - never socket.io, whose server answers before fastify sees the request.
 *
 * Inside those routes the plugin leaves alone what must stay plain: a HEAD, a 204 or 304 (no
 * body), a 206 or anything with Content-Range (its offsets count plain bytes), an answer that
 * already has a Content-Encoding, and any answer under THRESHOLD_BYTES.
 */
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { MEDIA_PREFIX } from '../core/views';

/**
 * Below this an answer goes plain: a gzip or brotli frame saves a few hundred bytes at most there,
 * one TCP segment either way, and the CLI's bulk runs get thousands of `{"message":"OK"}` a second.
 */
export const THRESHOLD_BYTES = 1024;

/**
 * Brotli at quality 4 with a 256 KB window (README, Compression, has the measurements): on the
 * 130 KB first page of recommendations 0.7 ms of CPU for 13.0 KB, where gzip takes 0.9 ms for 13.6 KB.
 * Quality 11 (zlib's default) takes 170 ms for 9.6 KB, which pays only for files compressed once at
 * build time; the default 4 MB window doubles the cost of every answer and gains nothing on answers
 * this size.
 */
const BROTLI_QUALITY = 4;
const BROTLI_WINDOW_BITS = 18;

/**
 * Answers up to this size are compressed in one synchronous call rather than through a stream: the
 * plugin's default on 2 cores streams anything over a few KB, and the stream's set-up cost 4-5 ms of
 * CPU on the 130 KB page against about 1 ms in one call. The sandbox's largest answers are well
 * below it; a bigger one still streams.
 */
const SYNC_MAX_BYTES = 512 * 1024;

/** The content types worth compressing: text and JSON (problem+json too). */
const COMPRESSIBLE = /^text\/(?!event-stream)|[/+]json(?:;|$)/;

const COMPRESSED_PREFIXES = ['/api/', '/sandbox/', '/_pact/'];

/** Whether the route at `url` compresses its answers (web.ts's routes and the media do not). */
export function compressesRoute(url: string): boolean {
  if (url === MEDIA_PREFIX || url.startsWith(`${MEDIA_PREFIX}/`)) return false;
  return COMPRESSED_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/**
 * Caches must keep an address's brotli, gzip and plain answers apart. The plugin says so only when
 * it compresses; an answer sent plain because it was not asked for, or is small today, varies too,
 * and so do a HEAD and a 304 of such an address.
 */
function varyOnEncoding(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
): void {
  // A HEAD carries the headers its GET would (RFC 9110 9.3.2) and a 304 the Vary its 200 would
  // (15.4.5), though neither has a body; a 204 has no representation to choose between.
  const head = request.method === 'HEAD' || reply.statusCode === 304;
  if (reply.statusCode !== 204 && (payload != null || head)) {
    const vary = reply.getHeader('vary');
    const current = Array.isArray(vary) ? vary.join(', ') : String(vary ?? '');
    // Lower case, as the plugin writes and looks for it, so the two never add it twice.
    if (!current.toLowerCase().includes('accept-encoding'))
      reply.header('vary', current === '' ? 'accept-encoding' : `${current}, accept-encoding`);
  }
  done(null, payload);
}

/** Appends `hook` to a route's own onSend hooks (they run after the app's). */
function addOnSend(route: RouteOptions, hook: typeof varyOnEncoding): void {
  const current = route.onSend;
  route.onSend =
    current === undefined ? [hook] : Array.isArray(current) ? [...current, hook] : [current, hook];
}

/** Installs compression for the routes registered after this call. */
export async function installCompression(app: FastifyInstance): Promise<void> {
  // Added before the plugin's own onRoute hook, so it decides each route's `compress` first; a
  // route that set it itself (api-routes.ts's file answers) keeps its choice.
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && !compressesRoute(route.url)) route.compress = false;
    if (route.compress !== false) addOnSend(route, varyOnEncoding);
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: THRESHOLD_BYTES,
    syncThreshold: SYNC_MAX_BYTES,
    customTypes: COMPRESSIBLE,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    },
    // Requests are not decompressed: a compressed request body is refused as the API refuses any
    // body it cannot read (the plugin's own refusals carry FST_* codes, not the documented Error).
    globalDecompression: false,
  });
}
