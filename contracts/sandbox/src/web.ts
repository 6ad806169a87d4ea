/**
 * Serves the web app's production build from `/` with a single-page-app fallback: any GET that is
 * not an API, socket, sandbox or Pact path and accepts HTML gets index.html.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const NOT_APP = /^\/(api|socket\.io|sandbox|_pact)(\/|$)/;

export function webBuildDir(dir: string | undefined): string | undefined {
  if (!dir) return undefined;
  const absolute = resolve(dir);
  return existsSync(join(absolute, 'index.html')) ? absolute : undefined;
}

export async function registerWeb(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, { root, prefix: '/', wildcard: true, index: ['index.html'] });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const accepts = String(request.headers.accept ?? '');
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      !NOT_APP.test(path) &&
      (accepts.includes('text/html') || accepts === '' || accepts.includes('*/*'))
    ) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html', root, { cacheControl: false });
    }
    return reply.code(404).send({ message: `Route ${request.method} ${path} not found` });
  });
}
