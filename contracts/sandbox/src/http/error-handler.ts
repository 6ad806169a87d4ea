/**
 * One error answer for every route: an `ApiError` answers its own status and body; fastify's own
 * errors (body too large, bad content type) keep their status with a plain `{ message }`; anything
 * else is a 500 that says nothing of the sandbox's insides and is logged.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from './api-error';

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.code(error.status).send(error.body);
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    const message =
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? 'Unsupported content type'
        : status >= 500
          ? 'Internal sandbox error'
          : error.message;
    return reply.code(status).send({ message });
  });
}
