/**
 * How request bodies are read: JSON for the API, URL-encoded forms for the simulated pages. Each
 * hands the raw text to the --data journal (when there is one) before parsing it, so a replay
 * sends exactly what arrived.
 */
import type { FastifyInstance } from 'fastify';
import { dict } from '../state/dict';
import type { Journal } from '../state/journal';
import { ApiError } from './api-error';

export function installBodyParsers(app: FastifyInstance, journal: Journal | undefined): void {
  installJsonParser(app, journal);
  installFormParser(app, journal);
}

/**
 * Reads JSON bodies leniently, an empty body being no body rather than an error, with fastify's
 * own parser otherwise: it refuses `__proto__` and `constructor.prototype` keys (plain JSON.parse
 * would hand them to the handlers).
 */
function installJsonParser(app: FastifyInstance, journal: Journal | undefined): void {
  const strict = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    journal?.keepBody(request, text);
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    strict(request, text, (error, value) => {
      if (error) done(new ApiError(400, 'Invalid JSON body'), undefined);
      else done(null, value);
    });
  });
}

/**
 * HTML forms of the simulated pages (checkout, consent) post `application/x-www-form-urlencoded`.
 * Fields land in a prototype-less object, so a field named `__proto__` is just a field.
 */
function installFormParser(app: FastifyInstance, journal: Journal | undefined): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      journal?.keepBody(request, text);
      const fields = dict<string>();
      for (const [key, value] of new URLSearchParams(text)) fields[key] = value;
      done(null, fields);
    },
  );
}
