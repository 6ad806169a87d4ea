/**
 * Permissive CORS for local development: the web app's dev server runs on another port and calls
 * the API directly. Any origin is echoed back; the sandbox holds no real data.
 */
import type { FastifyInstance } from 'fastify';

export function installCors(app: FastifyInstance): void {
  // A callback hook (not async): it runs on every request and most have no Origin header.
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (!origin) {
      done();
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
