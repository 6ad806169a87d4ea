/**
 * The sandbox's own pages (simulated services, controls, pact states) read each query value as
 * one string. A repeated key (`?to=a&to=b`) would arrive as an array where their handlers expect
 * text; they see its last value instead, as the API's query coercion does for a single-valued
 * field, so no query string can make a page fail.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dict } from '../state/dict';

function lastValues(query: unknown): Record<string, string> {
  const out = dict<string>();
  if (typeof query !== 'object' || query === null) return out;
  for (const [key, value] of Object.entries(query)) {
    const last: unknown = Array.isArray(value) ? value[value.length - 1] : value;
    if (typeof last === 'string') out[key] = last;
  }
  return out;
}

/** Registers pages in a scope whose requests carry one string per query key. */
export async function registerPages(
  app: FastifyInstance,
  register: (pages: FastifyInstance) => void,
): Promise<void> {
  await app.register(async (pages) => {
    pages.addHook('preValidation', async (request: FastifyRequest) => {
      request.query = lastValues(request.query);
    });
    register(pages);
  });
}
