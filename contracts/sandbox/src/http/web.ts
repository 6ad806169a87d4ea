/**
 * What the sandbox serves outside the API: the web app's production build from `/`, or, without a
 * build, the sandbox's home page at `/`. The one place that decides how the web app is served;
 * not-found.ts asks it about paths no route has. The build is served as a CDN would (web/README.md,
 * Serving):
 *
 * - the brotli or gzip copy the build made of a file, chosen by `Accept-Encoding`
 *   (`Vary: Accept-Encoding`), the file itself otherwise;
 * - hashed assets cached for a year as `immutable`, everything else (index.html) revalidated, by
 *   the rules of the build's headers.json;
 * - the build's security headers (its Content-Security-Policy among them) with every answer of the
 *   app, the not-found page included;
 * - index.html for the paths the app serves (the build's routes.json), and for any other page
 *   request the same index.html, where the app shows its not-found page, with status 404; a missing
 *   file answers a plain 404.
 *
 * API, socket, sandbox and Pact paths are never the app's.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebBuild } from './web-build';

const NOT_APP = /^\/(api|socket\.io|sandbox|_pact)(\/|$)/;

export interface WebServing {
  /** The build's serving files, read at start (web-build.ts), or undefined to serve the home page instead. */
  build: WebBuild | undefined;
  /** The page `/` shows when there is no build. */
  homePage: () => string;
}

/** Answers a path no route has when it is one of the app's own (a client-side route), else undefined. */
export type WebFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined;

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '/';

/** Whether a request is one the web app answers: a read of a path outside the sandbox's own. */
const isAppRequest = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && !NOT_APP.test(pathOf(request));

/** Adds `value` to a comma-separated header unless it is there (CORS has set `Vary: Origin`). */
function withToken(current: unknown, value: string): string {
  const tokens = String(current ?? '')
    .split(',')
    .map((token) => token.trim())
    .filter((token) => token !== '');
  return tokens.some((token) => token.toLowerCase() === value.toLowerCase())
    ? tokens.join(', ')
    : [...tokens, value].join(', ');
}

export async function registerWeb(
  app: FastifyInstance,
  { build, homePage }: WebServing,
): Promise<WebFallback | undefined> {
  if (!build) {
    app.get('/', (_request, reply) => reply.type('text/html; charset=utf-8').send(homePage()));
    return undefined;
  }
  const { root } = build;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    // Cache-Control comes from the build's rules, in the onSend hook below.
    cacheControl: false,
  });
  // Every answer of the app, files and not-found alike, gets the build's headers here, once.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isAppRequest(request)) {
      reply.headers(build.headers.headers);
      // A 404 (an unknown page, a missing file) is never cached, even under /assets/.
      reply.header(
        'cache-control',
        reply.statusCode === 404 ? 'no-cache' : build.cacheControl(pathOf(request)),
      );
      // The same address answers brotli, gzip or plain bytes: caches must keep them apart.
      reply.header('vary', withToken(reply.getHeader('vary'), 'Accept-Encoding'));
    }
    done(null, payload);
  });
  return (request, reply) => {
    if (!isAppRequest(request)) return undefined;
    const path = pathOf(request);
    const served = build.servesPath(path);
    if (served || String(request.headers.accept ?? '').includes('text/html')) {
      // sendFile keeps the status, and picks index.html's brotli or gzip copy.
      return reply
        .code(served ? 200 : 404)
        .type('text/html; charset=utf-8')
        .sendFile('index.html', root);
    }
    return reply.code(404).type('text/plain; charset=utf-8').send(`Not found: ${path}\n`);
  };
}
