/**
 * `startSandbox(options)`: the programmatic entry used by tests, the Pact verification and the CLI.
 * Builds the state (from --data or the seed), the fastify app with one route per catalogue entry,
 * the socket.io namespaces on the same HTTP server, and the simulated outside world.
 */
import { performance } from 'node:perf_hooks';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Auth } from './auth';
import { type FaultSettings, installFaults } from './faults';
import { ApiError } from './http/api-error';
import { registerApiRoutes } from './http/api-routes';
import { installCors } from './http/cors';
import { HostGuard } from './http/hosts';
import { Listener } from './http/listener';
import { isTrustedOrigin } from './http/origins';
import { formatPath } from './http/validation';
import {
  DEFAULT_ACCESS_TTL_MS,
  DEFAULT_FAULT_PREFIX,
  DEFAULT_REFRESH_TTL_MS,
  DEFAULT_SEED,
  type SandboxOptions,
} from './options';
import { PROVIDER_STATES, registerPactStates } from './pact/index';
import { installRateLimit } from './rate-limit';
import { Realtime } from './realtime';
import { handlerRegistry } from './routes/index';
import { startOfUtcDay } from './seed/clock';
import { generateSeed } from './seed/index';
import { registerCheckout } from './simulated/checkout';
import { registerHome } from './simulated/home';
import { registerIpLookup } from './simulated/ip-lookup';
import { registerMedia } from './simulated/media';
import { registerOauth } from './simulated/oauth';
import { registerOutbox } from './simulated/outbox';
import { registerSentry } from './simulated/sentry';
import { dict } from './state/dict';
import { Journal } from './state/journal';
import { recordedNow } from './state/recording';
import { Store } from './state/store';
import { registerWeb, webBuildDir } from './web';
import { type ResolvedOptions, World } from './world';

export { type EventSamples, eventSamples } from './events';
export type { SandboxOptions } from './options';
export { DEMO_PASSWORD, parseDuration, parseLatency, parseRate } from './options';
export {
  CONTRACT_STATE_NAMES,
  CONTRACT_STATES,
  type ContractStateName,
  isContractStateName,
  PROVIDER_STATES,
  type StateHandler,
} from './pact/index';
export { DEMO_ACCOUNTS } from './seed/demo-accounts';
export type { World } from './world';

export interface RunningSandbox {
  /** `http://127.0.0.1:PORT`, the API base and the socket.io origin. */
  url: string;
  port: number;
  world: World;
  /** Time spent generating (or loading) the data, in ms. */
  dataMs: number;
  /** Whether the web app's build is served from `/`. */
  servesWebApp: boolean;
  /** Live fault settings; changing them affects the next requests. */
  faults: FaultSettings;
  /** Stops accepting connections, closes sockets and flushes --data. */
  close(): Promise<void>;
}

export function resolveOptions(options: SandboxOptions): ResolvedOptions {
  return {
    port: options.port ?? 0,
    host: options.host ?? '127.0.0.1',
    dataFile: options.dataFile,
    accessTtlMs: options.accessTtlMs ?? DEFAULT_ACCESS_TTL_MS,
    refreshTtlMs: options.refreshTtlMs ?? DEFAULT_REFRESH_TTL_MS,
    failRate: options.failRate ?? 0,
    latencyMs: options.latencyMs,
    faultPrefix: options.faultPrefix ?? DEFAULT_FAULT_PREFIX,
    webDir: options.webDir,
    seed: options.seed ?? DEFAULT_SEED,
    webAppUrl: options.webAppUrl,
    checkResponses: options.checkResponses ?? false,
    logRequests: options.logRequests ?? false,
    persistDebounceMs: options.persistDebounceMs ?? 500,
    expiredSocketGraceMs: options.expiredSocketGraceMs ?? 10_000,
    pactStates: options.pactStates ?? false,
  };
}

function installErrorHandling(app: FastifyInstance): void {
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

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const resolved = resolveOptions(options);
  const started = performance.now();
  const opened = resolved.dataFile ? Journal.open(resolved.dataFile) : undefined;
  const store = new Store(opened?.data ?? generateSeed({ seed: resolved.seed }));
  const journal = opened?.journal(store, resolved.persistDebounceMs);
  // The clock of every handler: recorded with each journaled request, so a replay sees the same time.
  const now = recordedNow;
  const auth = new Auth(store, {
    accessTtlMs: resolved.accessTtlMs,
    refreshTtlMs: resolved.refreshTtlMs,
    now,
  });
  const webRoot = webBuildDir(resolved.webDir);
  if (!webRoot) resolved.webDir = undefined;

  const listener = await Listener.open(resolved.port, resolved.host);
  const app = Fastify({
    logger: resolved.logRequests ? { level: 'info' } : false,
    serverFactory: listener.serverFactory,
    // JSON bodies are far smaller (BODY_LIMITS); uploads stream through multipart with their own limit.
    bodyLimit: 1024 * 1024,
  });
  const hosts = new HostGuard({ host: resolved.host, webAppUrl: resolved.webAppUrl });
  // Socket.io attaches after fastify, so its handshakes are answered before fastify sees them.
  const realtime: Realtime = new Realtime(listener.server, {
    store,
    auth,
    now,
    checkEvents: resolved.checkResponses,
    // Called for handshakes only, once `world` below exists.
    allowOrigin: (origin): boolean => isTrustedOrigin(origin, world),
    allowHost: (host) => hosts.allows(host),
    whenReady: (work) => listener.whenReady(work),
    expiredGraceMs: resolved.expiredSocketGraceMs,
  });
  const world: World = new World(store, auth, resolved, now, { realtime, publicUrl: listener.url });

  journal?.install(app);
  installErrorHandling(app);
  installJsonParser(app, journal);
  installFormParser(app, journal);
  hosts.install(app);
  installCors(app, world);
  const faults: FaultSettings = {
    failRate: resolved.failRate,
    latencyMs: resolved.latencyMs,
    prefix: resolved.faultPrefix,
    rateLimit: options.rateLimit,
  };
  installFaults(app, faults);
  installRateLimit(app, faults);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024 } });

  registerApiRoutes(app, world, handlerRegistry, journal);
  registerHome(app, world, !webRoot);
  registerMedia(app, world);
  registerOutbox(app, world);
  registerOauth(app, world);
  registerCheckout(app, world);
  registerIpLookup(app);
  registerSentry(app, world);
  if (resolved.pactStates) registerPactStates(app, world, PROVIDER_STATES);
  registerSandboxControls(app, world, faults);
  if (webRoot) await registerWeb(app, webRoot);

  // Writes acknowledged before a crash are in the journal: they change the state again now.
  if (journal) await journal.replay(app);
  await app.ready();
  listener.ready();
  const dataMs = performance.now() - started;

  let closing: Promise<void> | undefined;
  return {
    url: listener.url,
    port: listener.port,
    world,
    dataMs,
    servesWebApp: webRoot !== undefined,
    faults,
    close() {
      closing ??= (async () => {
        await realtime.close();
        await Promise.all([app.close(), listener.close()]);
        await journal?.close();
      })();
      return closing;
    },
  };
}

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

/** Test and demo controls: fault settings at run time and a reset to the seeded data. */
function registerSandboxControls(app: FastifyInstance, world: World, faults: FaultSettings): void {
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
