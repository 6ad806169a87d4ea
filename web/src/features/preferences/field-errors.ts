/**
 * The field errors of a 400 answer (`{ message, errors: [{ path: 'body.new_email', message }] }`),
 * keyed by the field name without its `body.` prefix, so a form shows each beside its input.
 */
import { isHttpError } from '@matchmaker/sdk';

export function fieldErrors(error: unknown): Record<string, string> {
  if (!isHttpError(error) || error.status !== 400) return {};
  const body: unknown = error.body;
  if (body === null || typeof body !== 'object' || !('errors' in body) || !Array.isArray(body.errors))
    return {};
  const found: Record<string, string> = {};
  const entries: unknown[] = body.errors;
  for (const entry of entries) {
    if (entry === null || typeof entry !== 'object') continue;
    if (!('path' in entry) || !('message' in entry)) continue;
    const { path, message } = entry;
    if (typeof path !== 'string' || typeof message !== 'string') continue;
    const field = path.replace(/^body\./, '');
    found[field] ??= message;
  }
  return found;
}
