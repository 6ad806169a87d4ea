/**
 * The `--rate-limit N` fault: past N API requests in the current second, answer 429 with a
 * Retry-After header (whole seconds until the window ends), as a real gateway would. Reads the
 * live fault settings, so a test can turn it on and off on a running sandbox.
 */
import type { FastifyInstance } from 'fastify';
import { isReplayRequest } from '../state/recording';
import type { FaultSettings } from './faults';

const WINDOW_MS = 1_000;

export function installRateLimit(app: FastifyInstance, settings: FaultSettings): void {
  let windowStart = 0;
  let count = 0;
  app.addHook('onRequest', (request, reply, done) => {
    const limit = settings.rateLimit;
    if (
      !limit ||
      !request.url.startsWith(settings.prefix) ||
      request.method === 'OPTIONS' ||
      // A restart replays the journal through the app: acknowledged writes are never refused.
      isReplayRequest(request.headers)
    ) {
      done();
      return;
    }
    const now = Date.now();
    if (now - windowStart >= WINDOW_MS) {
      windowStart = now;
      count = 0;
    }
    count += 1;
    if (count <= limit) {
      done();
      return;
    }
    const retryAfter = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
    reply
      .code(429)
      .header('retry-after', String(retryAfter))
      .header('x-sandbox-fault', 'rate-limit')
      .send({ message: `Rate limit of ${limit} requests per second exceeded` });
  });
}
