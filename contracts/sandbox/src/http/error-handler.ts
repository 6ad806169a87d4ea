/**
 * One error answer for everything, in the documented `Error` shape (`{ message }`, a `code` only
 * from the SDK's `API_ERROR_CODES`): an `ApiError` answers its own status and body; fastify's own
 * errors, raised before a route runs (a malformed URL, a path parameter or a body over its limit,
 * a content type nothing reads) keep their status with a message naming the limit, never their
 * `FST_*` code; the HTTP parser's (a request line and headers over Node's limit) too; anything
 * else is a 500 that says nothing of the sandbox's insides and is logged.
 */
import { maxHeaderSize } from 'node:http';
import type { Socket } from 'node:net';
import { REQUEST_LIMITS } from '@matchmaker/sdk/schemas';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error';
import { FORM_BYTES } from './body-parsers';

function messageOf(error: FastifyError, request: FastifyRequest, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `Unsupported content type ${request.headers['content-type'] ?? ''}: the API reads application/json and multipart/form-data`;
    case 'FST_ERR_CTP_BODY_TOO_LARGE': {
      const form = /urlencoded/.test(String(request.headers['content-type']));
      return `The body is over ${form ? FORM_BYTES : REQUEST_LIMITS.jsonBytes} bytes`;
    }
    case 'FST_ERR_BAD_URL':
      return 'Malformed URL: a percent-escape that is not UTF-8';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return `A path parameter is longer than ${REQUEST_LIMITS.pathParam} characters`;
    default:
      return status >= 500 ? 'Internal sandbox error' : error.message;
  }
}

function answerError(error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiError) return reply.code(error.status).send(error.body);
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 500) request.log.error(error);
  return reply.code(status).send({ message: messageOf(error, request, status) });
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(answerError);
}

/** Fastify's `frameworkErrors`: the router's refusals (bad URL, long parameter) answered the same way. */
export const frameworkErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
  void answerError(error, request, reply);
};

/** Fastify's `clientErrorHandler`: what Node's HTTP parser refuses, before any request exists. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [
          431,
          'Request Header Fields Too Large',
          `The request line and headers are over ${maxHeaderSize / 1024} KB`,
        ]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long to arrive']
        : [400, 'Bad Request', 'Malformed HTTP request'];
  const body = JSON.stringify({ message });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}
