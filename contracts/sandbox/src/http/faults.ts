/**
 * Faults on demand for resilience tests: added latency and random 5xx answers, for paths under a
 * prefix (`/api` by default). Settings can be changed on a running sandbox through
 * `PUT /sandbox/faults`, so one sandbox can serve a test's calm and stormy phases.
 */
import type { FastifyInstance } from 'fastify';
import type { ResolvedOptions } from '../options';
import { isReplayRequest } from '../state/recording';

export interface FaultSettings {
  failRate: number;
  latencyMs: { min: number; max: number } | undefined;
  prefix: string;
  /** Requests per second past which API calls answer 429 (rate-limit.ts); off when unset. */
  rateLimit?: number | undefined;
}

/** The live settings start from the options; `PUT /sandbox/faults` changes them, the options never. */
export function initialFaults(options: ResolvedOptions): FaultSettings {
  return {
    failRate: options.failRate,
    latencyMs: options.latencyMs ? { ...options.latencyMs } : undefined,
    prefix: options.faultPrefix,
    rateLimit: options.rateLimit,
  };
}

const FAULT_STATUSES = [500, 502, 503, 504] as const;
const SENTRY_PATH = /^\/api\/[^/]+\/(envelope|store|security)\//;

export function installFaults(app: FastifyInstance, settings: FaultSettings): void {
  // A callback hook with a synchronous way out: with no faults configured (the usual case) it
  // costs one comparison per request.
  app.addHook('onRequest', (request, reply, done) => {
    const { failRate, latencyMs, prefix } = settings;
    if (
      (failRate <= 0 && !latencyMs) ||
      !request.url.startsWith(prefix) ||
      request.method === 'OPTIONS' ||
      isReplayRequest(request.headers)
    ) {
      done();
      return;
    }
    // The error-reporting sink lives under /api too, but it stands for another service.
    if (SENTRY_PATH.test(request.url)) {
      done();
      return;
    }
    const fail = () => {
      if (failRate > 0 && Math.random() < failRate) {
        const status = FAULT_STATUSES[Math.floor(Math.random() * FAULT_STATUSES.length)] ?? 503;
        reply
          .code(status)
          .header('x-sandbox-fault', 'injected')
          .send({ message: `Injected fault (${status})` });
        return;
      }
      done();
    };
    if (latencyMs)
      setTimeout(fail, latencyMs.min + Math.floor(Math.random() * (latencyMs.max - latencyMs.min + 1)));
    else fail();
  });
}
