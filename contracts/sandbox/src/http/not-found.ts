/**
 * The answer for a request no route took: the catalogue's methods for a path it knows (405 with
 * `Allow`), else the web app for its own paths, else a JSON 404.
 */
import type { FastifyInstance } from 'fastify';
import { answerMethod, type CatalogueResources, requestPath } from './allowed-methods';
import type { WebFallback } from './web';

export function installNotFound(
  app: FastifyInstance,
  resources: CatalogueResources,
  web: WebFallback | undefined,
): void {
  app.setNotFoundHandler((request, reply) => {
    const path = requestPath(request);
    const resource = resources.find(path);
    if (resource) return answerMethod(request, reply, resource);
    return (
      web?.(request, reply) ?? reply.code(404).send({ message: `Route ${request.method} ${path} not found` })
    );
  });
}
