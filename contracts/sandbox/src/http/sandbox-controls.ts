/**
 * Test and demo controls: the fault settings at run time (`GET`/`PUT /sandbox/faults`) and a reset
 * to the seeded data (`POST /sandbox/reset`).
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import type { World } from '../core/world';
import { startOfUtcDay } from '../seed/clock';
import { generateSeed } from '../seed/index';
import { ApiError } from './api-error';
import type { FaultSettings } from './faults';
import { formatPath } from './validation';

/**
 * Longest injectable latency: well inside Node's timer range (a longer delay would fire at once)
 * and longer than any client waits anyway.
 */
const MAX_LATENCY_MS = 120_000;
const latencyBound = z.number().int().min(0).max(MAX_LATENCY_MS);

/** `PUT /sandbox/faults`: any subset of the settings; `latencyMs: null` turns latency off. */
const faultChangesSchema = z.strictObject({
  failRate: z.number().min(0).max(1).optional(),
  latencyMs: z
    .strictObject({ min: latencyBound, max: latencyBound })
    .refine((range) => range.max >= range.min, { message: 'max must not be below min', path: ['max'] })
    .nullable()
    .optional(),
  prefix: z.string().startsWith('/').optional(),
});

export function registerSandboxControls(app: FastifyInstance, world: World, faults: FaultSettings): void {
  app.get('/sandbox/faults', () => faults);
  // Fault settings are not state: the journal leaves them out, so a restart does not replay them.
  app.put('/sandbox/faults', { config: { journal: false } }, (request) => {
    const parsed = faultChangesSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      const errors = parsed.error.issues.map((issue) => ({
        path: formatPath('body', issue.path),
        message: issue.message,
      }));
      throw new ApiError(400, 'Validation failed', { errors });
    }
    const changes = parsed.data;
    if (changes.failRate !== undefined) faults.failRate = changes.failRate;
    if (changes.latencyMs !== undefined) faults.latencyMs = changes.latencyMs ?? undefined;
    if (changes.prefix !== undefined) faults.prefix = changes.prefix;
    return faults;
  });
  app.post('/sandbox/reset', () => {
    world.store.replace(generateSeed({ seed: world.options.seed, anchor: startOfUtcDay(world.now()) }));
    return { message: 'Sandbox reset to the seeded data', users: Object.keys(world.store.data.users).length };
  });
}
