/**
 * CORS for local development: the web app's dev server runs on another port and calls the API
 * directly, with credentials. Only trusted origins (origins.ts) get CORS headers. Writes from any
 * other origin are refused outright, because a form post or a no-cors fetch from a foreign page
 * reaches the server without a preflight (`POST /sandbox/reset`, say).
 */
import type { FastifyInstance } from 'fastify';
import { isReplayRequest } from '../state/recording';
import { isTrustedOrigin, type TrustOptions } from './origins';

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

export function installCors(app: FastifyInstance, options: TrustOptions): void {
  // A callback hook (not async): it runs on every request and most have no Origin header.
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (!origin || isReplayRequest(request.headers)) {
      done();
      return;
    }
    if (!isTrustedOrigin(origin, options, request)) {
      // Reads go on without CORS headers, so the browser keeps the answer from the page.
      if (SAFE_METHODS.has(request.method)) done();
      else reply.code(403).send({ message: `Origin ${origin} is not allowed` });
      return;
    }
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
    reply.header('vary', 'Origin');
    if (request.method === 'OPTIONS') {
      reply.header('access-control-allow-methods', 'GET,POST,PUT,DELETE,OPTIONS');
      reply.header(
        'access-control-allow-headers',
        String(
          request.headers['access-control-request-headers'] ??
            'authorization,content-type,cache-control,pragma,expires',
        ),
      );
      reply.header('access-control-max-age', '600');
      reply.code(204).send();
      return;
    }
    done();
  });
}
