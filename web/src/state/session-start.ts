/**
 * What a session starts with, registered by the features that need it (the notifications' badge,
 * the chat's outbox, a screen's first data), so start-up runs it without knowing the features:
 * the start-up twin of session-end.ts. A feature's start-up module (`<feature>-startup.ts`,
 * listed in the route table) calls `onSessionStart` or `onMemberStart` when it is imported;
 * start-up imports those modules only for a logged-in user, beside the client's chunk, so a
 * visitor downloads none of them.
 *
 * Every registered work of one start-up runs at once and side by side: none waits for another,
 * and a failing one is reported without stopping the rest. What a work starts is the feature's
 * own to pick up later: a screen that loads the same data finds the load already in flight in
 * its store (remote.ts) instead of asking again.
 *
 * A start-up module whose chunk could not be fetched (the line dropped for a moment just after
 * the page loaded) is fetched again, as lib/lazy.tsx's parts are, and once it is here its work
 * runs for the start-up still current then: without it, the feature (live notifications, the
 * outbox watch) was gone for the life of the page.
 */
import type { MatchmakerClient, User } from '@matchmaker/sdk';
import { loadOnce } from '../lib/load-once';
import { retryLoad } from '../lib/retry-load';

export interface SessionStart {
  readonly client: MatchmakerClient;
  /**
   * Aborted when this start-up is over for good: a logout, another tab's logout, or start-up
   * running again (a new login, a reactivation). Work still running then must stop writing.
   */
  readonly signal: AbortSignal;
  /** The path the session starts on (path and query), for work that prepares that screen. */
  readonly path: string;
}

/** Work that starts as soon as a session is known, before user info answers. */
export interface EarlyStart extends SessionStart {
  /** User info's answer; rejects when start-up fails (the work then has nothing to do). */
  readonly user: Promise<User>;
}

/** Work of a member's session (not an admin's, not a deleted account's), with the member in hand. */
export interface MemberStart extends SessionStart {
  readonly user: User;
}

/** Work of an admin's session, with the admin in hand (see `onAdminStart`). */
export type AdminStart = MemberStart;

type Work<T> = (start: T) => unknown;

const early = new Set<Work<EarlyStart>>();
const member = new Set<Work<MemberStart>>();
const admin = new Set<Work<AdminStart>>();

/**
 * Registers work run at every start-up of a logged-in session as soon as it is known (the access
 * cookie is there), side by side with user info: for data a first screen needs whoever the user
 * turns out to be. Returns the unregistration.
 */
export function onSessionStart(work: Work<EarlyStart>): () => void {
  early.add(work);
  return () => early.delete(work);
}

/**
 * Registers work run at every start-up of a member's session once their first screen is shown
 * (user info has answered, and the screen has rendered its data): for what follows the member
 * everywhere (live notifications, the chat's outbox), which no first screen waits for. Returns
 * the unregistration.
 */
export function onMemberStart(work: Work<MemberStart>): () => void {
  member.add(work);
  return () => member.delete(work);
}

/**
 * Registers work run at every start-up of an admin's session once user info has answered: for
 * the back office's first data. The module that registers it is loaded on a back-office page or
 * once user info says an admin is signed in (the route table's start-up loaders), so no member
 * page downloads back-office code. Returns the unregistration.
 */
export function onAdminStart(work: Work<AdminStart>): () => void {
  admin.add(work);
  return () => admin.delete(work);
}

/** Loads a feature's start-up module, whose import registers its work. */
export type StartupLoader = () => Promise<unknown>;

/** A feature's start-up module and when a session needs it. */
export interface StartupModule {
  readonly load: StartupLoader;
  /**
   * Whether a session starting on `path` needs it before user info answers (its early work);
   * absent for a module with no early work, which loads when its role's work is due.
   */
  readonly early?: (path: string) => boolean;
  /** Who needs it once user info has answered (its member or admin work), if anyone. */
  readonly after: 'member' | 'admin' | null;
}

/**
 * The start-up runs still current (their start-up not aborted), one per kind of work run: each
 * runs the works registered since it ran (a start-up module that loaded late), once.
 */
const current = new Set<() => void>();

/**
 * Runs each of `works` with `start`, side by side; a work that throws or rejects is handed to
 * `onError` and the others go on. Work that fails after the start-up was aborted is not reported:
 * its session has ended, and its failure says nothing. Nothing runs for a start-up already
 * aborted. Until it is, a work registered later (its module was fetched again after a failure:
 * `runLateWork`) runs with `start` too; no work runs twice for one start.
 */
function runAll<T extends SessionStart>(
  works: ReadonlySet<Work<T>>,
  start: T,
  onError: (error: unknown) => void,
): void {
  const report = (error: unknown) => {
    if (!start.signal.aborted) onError(error);
  };
  const ran = new Set<Work<T>>();
  const runNew = () => {
    if (start.signal.aborted) return;
    for (const work of [...works]) {
      if (ran.has(work)) continue;
      ran.add(work);
      try {
        const result = work(start);
        if (result instanceof Promise) result.catch(report);
      } catch (error) {
        report(error);
      }
    }
  };
  runNew();
  if (start.signal.aborted) return;
  current.add(runNew);
  start.signal.addEventListener('abort', () => current.delete(runNew), { once: true });
}

/** Runs the works a module fetched late registered, for the start-ups still current that ran their kind. */
function runLateWork(): void {
  for (const run of [...current]) run();
}

export function runSessionStart(start: EarlyStart, onError: (error: unknown) => void): void {
  runAll(early, start, onError);
}

export function runMemberStart(start: MemberStart, onError: (error: unknown) => void): void {
  runAll(member, start, onError);
}

export function runAdminStart(start: AdminStart, onError: (error: unknown) => void): void {
  runAll(admin, start, onError);
}

let modules: readonly StartupModule[] = [];
const loaded = new Set<StartupLoader>();
/** Each module's import, shared while in flight and kept once it succeeded (lib/load-once.ts). */
const imports = new Map<StartupLoader, () => Promise<void>>();
/** Stops the retries of a module under way (a later start-up's take over). */
const retries = new Map<StartupLoader, () => void>();

/** Hands start-up the features' start-up modules; the app's entry does it once, from the route table. */
export function setStartupModules(next: readonly StartupModule[]): void {
  modules = next;
}

/**
 * Imports the start-up modules a session starting on `path` needs before user info answers (each
 * import registers its work), and resolves once each has loaded or failed once. A module that
 * failed is fetched again while `signal` (its start-up's) is not aborted, as lib/retry-load.ts
 * says: when the browser comes back online, or after a moment while it is online (a server that
 * failed once); when given up it is handed to `onError` and left for the next start-up (a login,
 * a reactivation). Once it loads, its work runs for the start-up of that moment, if it has
 * already run that kind of work (else it runs with the rest in its turn).
 */
export function loadStartupModules(
  path: string,
  signal: AbortSignal,
  onError: (error: unknown) => void,
): Promise<void> {
  return loadEach(
    modules.filter((module) => module.early?.(path) === true),
    signal,
    onError,
  );
}

/**
 * Imports the start-up modules with work for a member or an admin, once user info has said which
 * (already imported ones are not asked again), fetching a failed one again as
 * `loadStartupModules` does: an admin never downloads a member's, nor a member the back
 * office's (the retries of one start-up stop when it is aborted, before another user's starts).
 */
export function loadRoleStartupModules(
  role: 'member' | 'admin',
  signal: AbortSignal,
  onError: (error: unknown) => void,
): Promise<void> {
  return loadEach(
    modules.filter((module) => module.after === role),
    signal,
    onError,
  );
}

/** Whether every start-up module with work for `role` has been imported already. */
export function roleStartupModulesLoaded(role: 'member' | 'admin'): boolean {
  return modules.filter((module) => module.after === role).every((module) => loaded.has(module.load));
}

async function loadEach(
  list: readonly StartupModule[],
  signal: AbortSignal,
  onError: (error: unknown) => void,
): Promise<void> {
  await Promise.all(
    list
      .map((module) => module.load)
      .filter((load) => !loaded.has(load))
      .map((load) => importOf(load)().catch((error: unknown) => retry(load, error, signal, onError))),
  );
}

function importOf(load: StartupLoader): () => Promise<void> {
  let shared = imports.get(load);
  if (!shared) {
    shared = loadOnce(() => load().then(() => void loaded.add(load)));
    imports.set(load, shared);
  }
  return shared;
}

/**
 * Fetches a module that failed (`error`) again, as lib/retry-load.ts says (once back online, or
 * after a moment), and runs its work for the start-up of that moment; reported when given up.
 * Stops when `signal` aborts (nothing is fetched, run or reported for an ended start-up) or when
 * another start-up fetches the module again (its retries take over).
 */
function retry(
  load: StartupLoader,
  error: unknown,
  signal: AbortSignal,
  onError: (error: unknown) => void,
): void {
  retries.get(load)?.();
  if (signal.aborted) return;
  let stopRetries = () => {};
  const stop = () => {
    stopRetries();
    signal.removeEventListener('abort', stop);
    if (retries.get(load) === stop) retries.delete(load);
  };
  stopRetries = retryLoad(error, importOf(load), {
    loaded: () => {
      stop();
      runLateWork();
    },
    givenUp: (failure) => {
      stop();
      onError(failure);
    },
  });
  retries.set(load, stop);
  signal.addEventListener('abort', stop, { once: true });
}
