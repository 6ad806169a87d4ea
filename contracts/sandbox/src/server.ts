/**
 * `startSandbox(options)`: the programmatic entry used by tests, the Pact verification and the CLI.
 * Settles the options once, then builds each layer on the ones below it, in this order: the state
 * (from --data or the seed) and its tokens, the listener, the realtime sockets, the world that
 * hands them to everything above, then the HTTP app: its hooks, one route per catalogue entry, the
 * simulated outside world, the Pact states and the web app. Nothing built here is changed later.
 */
import { performance } from 'node:perf_hooks';
import multipart from '@fastify/multipart';
import { endpointList, REQUEST_LIMITS, UPLOAD_LIMITS } from '@matchmaker/sdk/schemas';
import Fastify from 'fastify';
import { Auth } from './core/auth';
import { World } from './core/world';
import { CatalogueResources } from './http/allowed-methods';
import { registerApiRoutes } from './http/api-routes';
import { installBodyParsers } from './http/body-parsers';
import { installCompression } from './http/compression';
import { installCors } from './http/cors';
import { clientErrorHandler, frameworkErrors, installErrorHandling } from './http/error-handler';
import { type FaultSettings, initialFaults, installFaults } from './http/faults';
import { HostGuard } from './http/hosts';
import { Listener } from './http/listener';
import { installNotFound } from './http/not-found';
import { isTrustedOrigin } from './http/origins';
import { installRateLimit } from './http/rate-limit';
import { registerSandboxControls } from './http/sandbox-controls';
import { registerPages } from './http/sandbox-pages';
import { registerWeb } from './http/web';
import { readWebBuild } from './http/web-build';
import { resolveOptions, type SandboxOptions } from './options';
import { PROVIDER_STATES, registerPactStates } from './pact/index';
import { Realtime } from './realtime/sockets';
import { handlerRegistry } from './routes/index';
import { generateSeed } from './seed/index';
import { registerCheckout } from './simulated/checkout';
import { homePage, registerHome } from './simulated/home';
import { registerIpLookup } from './simulated/ip-lookup';
import { registerMedia } from './simulated/media';
import { registerOauth } from './simulated/oauth';
import { registerOutbox } from './simulated/outbox';
import { registerSentry } from './simulated/sentry';
import { Journal } from './state/journal';
import { recordedNow } from './state/recording';
import { Store } from './state/store';

export { type EventSamples, eventSamples } from './core/events';
export type { World } from './core/world';
export type { ResolvedOptions, SandboxOptions } from './options';
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

export interface RunningSandbox {
  /** `http://127.0.0.1:PORT`, the API base and the socket.io origin. */
  url: string;
  port: number;
  world: World;
  /** The socket.io server behind `world.realtime`, for tests that emit events of their own. */
  realtime: Realtime;
  /** Time spent generating (or loading) the data, in ms. */
  dataMs: number;
  /** Whether the web app's build is served from `/`. */
  servesWebApp: boolean;
  /** Live fault settings; changing them affects the next requests. */
  faults: FaultSettings;
  /** Stops accepting connections, closes sockets and flushes --data. */
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const settings = resolveOptions(options);
  const started = performance.now();
  // Before anything is opened: a build without its serving files stops the start here, naming them.
  const webBuild = settings.webDir ? readWebBuild(settings.webDir) : undefined;

  // The state and its tokens.
  const opened = settings.dataFile ? Journal.open(settings.dataFile) : undefined;
  const store = new Store(opened?.data ?? generateSeed({ seed: settings.seed }));
  const journal = opened?.journal(store, settings.persistDebounceMs);
  // The clock of every handler: recorded with each journaled request, so a replay sees the same time.
  const now = recordedNow;
  const auth = new Auth(store, {
    accessTtlMs: settings.accessTtlMs,
    refreshTtlMs: settings.refreshTtlMs,
    refreshReuseMs: settings.refreshReuseMs,
    now,
  });

  // Listening first: the world's public URL is known before anything uses it, and requests and
  // handshakes that arrive early wait until the app is ready.
  const listener = await Listener.open(settings.port, settings.host);
  const hosts = new HostGuard({ host: settings.host, webAppUrl: settings.webAppUrl });
  // Socket.io wraps the listener's request handler, so its handshakes are answered before fastify sees them.
  const realtime = new Realtime(listener.server, {
    store,
    auth,
    now,
    checkEvents: settings.checkResponses,
    allowOrigin: (origin) => isTrustedOrigin(origin, settings),
    allowHost: (host) => hosts.allows(host),
    whenReady: (work) => listener.whenReady(work),
    expiredGraceMs: settings.expiredSocketGraceMs,
  });
  const world = new World(store, auth, settings, now, { realtime, publicUrl: listener.url });

  const app = Fastify({
    logger: settings.logRequests ? { level: 'info' } : false,
    serverFactory: listener.serverFactory,
    // JSON bodies are far smaller (BODY_LIMITS); uploads stream through multipart with their own limit.
    bodyLimit: REQUEST_LIMITS.jsonBytes,
    // Longer path parameters answer 414; up to it, the catalogue's schemas answer 400 with the field.
    routerOptions: { maxParamLength: REQUEST_LIMITS.pathParam },
    // Refusals before a route runs answer the documented Error body too (no FST_* codes).
    frameworkErrors,
    clientErrorHandler,
  });
  journal?.install(app);
  installErrorHandling(app);
  installBodyParsers(app, journal);
  hosts.install(app);
  installCors(app, settings);
  const faults = initialFaults(settings);
  installFaults(app, faults);
  installRateLimit(app, faults);
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMITS.maxBytes } });
  // Before any route: it decides per route, as each is registered, whether its answers are compressed.
  await installCompression(app);

  const resources = new CatalogueResources(endpointList);
  registerApiRoutes(app, world, handlerRegistry, { resources, recorder: journal });
  await registerPages(app, (pages) => {
    registerHome(pages, world);
    registerMedia(pages, world);
    registerOutbox(pages, world);
    registerOauth(pages, world);
    registerCheckout(pages, world);
    registerIpLookup(pages);
    registerSentry(pages, world);
    if (settings.pactStates) registerPactStates(pages, world, PROVIDER_STATES);
    registerSandboxControls(pages, world, faults);
  });
  const web = await registerWeb(app, { build: webBuild, homePage: () => homePage(world) });
  installNotFound(app, resources, web);

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
    realtime,
    dataMs,
    servesWebApp: settings.webDir !== undefined,
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
