/** Field errors of a 400 answer (`{errors: [{path: 'body.email', message}]}`), by field name. */
import { isHttpError } from '@matchmaker/sdk';

export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isHttpError(error)) return {};
  const body: unknown = error.body;
  if (body === null || typeof body !== 'object' || !('errors' in body) || !Array.isArray(body.errors))
    return {};
  const found: Record<string, string> = {};
  for (const entry of body.errors as unknown[]) {
    if (entry === null || typeof entry !== 'object') continue;
    const path = 'path' in entry && typeof entry.path === 'string' ? entry.path : '';
    const message = 'message' in entry && typeof entry.message === 'string' ? entry.message : '';
    const field = path.split('.').at(-1);
    if (field && message && !(field in found)) found[field] = message;
  }
  return found;
}
