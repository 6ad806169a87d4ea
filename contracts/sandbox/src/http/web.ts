/**
 * What the sandbox serves outside the API: the web app's production build from `/`, with a
 * single-page-app fallback (any GET that is not an API, socket, sandbox or Pact path and accepts
 * HTML gets index.html), or, without a build, the sandbox's home page at `/`. Every other unknown
 * path answers a JSON 404. The one place that decides how the web app is served.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const NOT_APP = /^\/(api|socket\.io|sandbox|_pact)(\/|$)/;

export interface WebServing {
  /** The build's directory (`ResolvedOptions.webDir`), or undefined to serve the home page instead. */
  webDir: string | undefined;
  /** The page `/` shows when there is no build. */
  homePage: () => string;
}

export async function registerWeb(app: FastifyInstance, { webDir, homePage }: WebServing): Promise<void> {
  if (!webDir) {
    app.get('/', (_request, reply) => reply.type('text/html; charset=utf-8').send(homePage()));
    return;
  }
  await app.register(fastifyStatic, { root: webDir, prefix: '/', wildcard: true, index: ['index.html'] });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const accepts = String(request.headers.accept ?? '');
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      !NOT_APP.test(path) &&
      (accepts.includes('text/html') || accepts === '' || accepts.includes('*/*'))
    ) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html', webDir, { cacheControl: false });
    }
    return reply.code(404).send({ message: `Route ${request.method} ${path} not found` });
  });
}
