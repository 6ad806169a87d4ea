/**
 * How request bodies are read: JSON for the API, URL-encoded forms for the simulated pages. Each
 * hands the raw text to the --data journal (when there is one) before parsing it, so a replay
 * sends exactly what arrived.
 */
import { prototypeKeyBreach } from '@matchmaker/sdk/schemas';
import type { FastifyInstance } from 'fastify';
import { dict } from '../state/dict';
import type { Journal } from '../state/journal';
import { ApiError, fieldError } from './api-error';
import { formatPath } from './validation';

/** The largest form body the simulated pages read (their forms hold a few short fields). */
export const FORM_BYTES = 64 * 1024;

export function installBodyParsers(app: FastifyInstance, journal: Journal | undefined): void {
  installJsonParser(app, journal);
  installFormParser(app, journal);
}

/**
 * Reads JSON bodies leniently, an empty body being no body rather than an error. A body with a
 * `__proto__` or `constructor.prototype` key anywhere is refused before any handler sees it, by
 * the SDK's own rule (`prototypeKeyBreach`), so the field error names where the key is.
 */
function installJsonParser(app: FastifyInstance, journal: Journal | undefined): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    journal?.keepBody(request, text);
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      done(new ApiError(400, 'Invalid JSON body'), undefined);
      return;
    }
    // JSON.parse keeps a `__proto__` key as data; the whole body is refused, with the key's path.
    const breach = prototypeKeyBreach(value);
    if (breach) done(fieldError(formatPath('body', breach.path), breach.message), undefined);
    else done(null, value);
  });
}

/**
 * HTML forms of the simulated pages (checkout, consent) post `application/x-www-form-urlencoded`.
 * Fields land in a prototype-less object, so a field named `__proto__` is just a field.
 */
function installFormParser(app: FastifyInstance, journal: Journal | undefined): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BYTES },
    (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      journal?.keepBody(request, text);
      const fields = dict<string>();
      for (const [key, value] of new URLSearchParams(text)) fields[key] = value;
      done(null, fields);
    },
  );
}
