/**
 * What the sandbox serves outside the API: the web app's production build from `/`, with a
 * single-page-app fallback (any GET that is not an API, socket, sandbox or Pact path and accepts
 * HTML gets index.html), or, without a build, the sandbox's home page at `/`. The one place that
 * decides how the web app is served; not-found.ts asks it about paths no route has.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const NOT_APP = /^\/(api|socket\.io|sandbox|_pact)(\/|$)/;

export interface WebServing {
  /** The build's directory (`ResolvedOptions.webDir`), or undefined to serve the home page instead. */
  webDir: string | undefined;
  /** The page `/` shows when there is no build. */
  homePage: () => string;
}

/** Answers a path no route has when it is one of the app's own (a client-side route), else undefined. */
export type WebFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined;

export async function registerWeb(
  app: FastifyInstance,
  { webDir, homePage }: WebServing,
): Promise<WebFallback | undefined> {
  if (!webDir) {
    app.get('/', (_request, reply) => reply.type('text/html; charset=utf-8').send(homePage()));
    return undefined;
  }
  await app.register(fastifyStatic, { root: webDir, prefix: '/', wildcard: true, index: ['index.html'] });
  return (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const accepts = String(request.headers.accept ?? '');
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      !NOT_APP.test(path) &&
      (accepts.includes('text/html') || accepts === '' || accepts.includes('*/*'))
    ) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html', webDir, { cacheControl: false });
    }
    return undefined;
  };
}
