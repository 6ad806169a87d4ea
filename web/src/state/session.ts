/**
 * The session as the app sees it: who is logged in, their subscription, and the notice to show on
 * the login page. Components read it with `useSnapshot(sessionState)`; only the actions below
 * write it.
 */
import {
  CookieTokenStore,
  findStaleCookies,
  type LogoutInfo,
  type LogoutReason,
  type MatchmakerClient,
  type Tokens,
  type User,
} from '@matchmaker/sdk';
import { isAdmin, isDeleted, isMember, loginRedirect } from '@matchmaker/sdk/rules';
import type { Subscription } from '@matchmaker/sdk/schemas';
import { proxy, ref } from 'valtio';
import { navigate } from 'wouter/use-browser-location';
import { config } from '../config/config';
import { loadClient, loadedClient, loadStartup, whenClientCreated } from '../lib/client';
import { reportError } from '../lib/report';
import { notify } from '../lib/toast';
import type { Stored } from './remote';
import { clearSessionData, dropSessionState } from './session-end';
import {
  loadRoleStartupModules,
  loadStartupModules,
  roleStartupModulesLoaded,
  runAdminStart,
  runMemberStart,
  runSessionStart,
  type StartupModule,
  setStartupModules,
} from './session-start';
import { beginMemberSession, resetUi } from './ui';

export type SessionStatus = 'starting' | 'anonymous' | 'member' | 'admin';

export interface SessionState {
  status: SessionStatus;
  user: Stored<User> | null;
  /** The payments answer, as the SDK types it (the contract leaves its shape open). */
  subscription: Stored<Subscription> | null;
  /** Why the last session ended, for the login page ('Session expired. Please log in', ...). */
  endedBecause: LogoutReason | null;
  notice: string | null;
}

export const sessionState = proxy<SessionState>({
  status: 'starting',
  user: null,
  subscription: null,
  endedBecause: null,
  notice: null,
});

export const SUSPENDED_NOTICE =
  'Your account has been suspended. Please contact support if you believe this is a mistake.';

let started = false;
let startupAbort: AbortController | null = null;

/** Ends the start-up under way, if any: its late work, retries and answers stop (session-start.ts). */
function endStartup(): void {
  startupAbort?.abort();
  startupAbort = null;
}

export interface SessionOptions {
  /** The features' start-up modules (the route table lists them: this module knows no feature). */
  readonly startups: readonly StartupModule[];
  /**
   * Resolves once a member's first screen is shown (app/first-screen.ts): what that screen does
   * not need starts then, off its path: the realtime channels (socket.io's chunk and the
   * handshakes) and the features' member work (the notifications' badge, the chat's outbox).
   */
  readonly screenShown: () => Promise<void>;
}

/** Set once, by startSession. */
let screenShown: () => Promise<void> = () => Promise.resolve();

/**
 * Resolves once the screen now showing is shown: start-up and its chunks have settled, its data
 * has rendered and the browser has a moment (app/first-screen.ts, as startSession was given it).
 * For what a screen sends that its member does not wait for (a room's read receipt): on a phone,
 * an idle moment comes while the screen's chunks are still on their way, and a request sent then
 * shares the line with them.
 */
export function afterScreenShown(): Promise<void> {
  return screenShown();
}

/**
 * Start-up (SPEC.md sections 1 and 4): stale cookies end the session with a notice; a logged-in
 * user runs the SDK's start-up flow (user, subscription when there is a keycloakId, the DAU event
 * for members) beside the features' early start-up work; as soon as user info answers the area
 * shows, while the subscription and the DAU event finish; once a member's screen is shown the
 * realtime channels open and the features' member work runs. The features' start-up modules are
 * each loaded when the session needs it. Safe to call more than once.
 */
export async function startSession(options: SessionOptions): Promise<void> {
  if (started) return;
  started = true;
  setStartupModules(options.startups);
  screenShown = options.screenShown;
  whenClientCreated((client) => client.session.on('logout', onLogout));
  sessionChannel()?.addEventListener('message', onOtherTabLoggedOut);
  // Reading the cookies needs no client: a visitor without a session never downloads it.
  const stale = findStaleCookies(document.cookie);
  const loggedIn = hasAccessCookie();
  if (stale.length > 0) {
    const client = await loadClient();
    await client.session.expireIfStale(stale);
    return;
  }
  if (!loggedIn) {
    sessionState.status = 'anonymous';
    return;
  }
  await loadUser();
}

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Logged in means the access-token cookie is there (SPEC.md section 4); no client is needed. */
export function hasAccessCookie(): boolean {
  return new CookieTokenStore({ secure: config().secureCookies }).get() !== null;
}

/** Tabs of this browser tell each other of a logout; null where BroadcastChannel is missing. */
let channel: BroadcastChannel | null | undefined;
function sessionChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('matchmaker.session') : null;
  }
  return channel;
}

/**
 * Another tab of this browser logged out: it cleared the cookies they share. Logged in means the
 * access-token cookie is there (SPEC.md section 4), so with it gone this tab ends its session too
 * (there is nothing left to call the server with) and goes to login, rather than showing member
 * screens whose every call would fail. A message that arrives after a new login (the cookie is
 * back) changes nothing.
 */
function onOtherTabLoggedOut(event: MessageEvent<unknown>): void {
  // The same reason, so a suspension shows its notice in every tab.
  const reason = isLogoutReason(event.data) ? event.data : 'user';
  void accessCookieGone().then((gone) => {
    if (gone) endAfterOtherTab(reason);
  });
}

/**
 * When to look at the cookies again after another tab's logout: Chromium gives each tab its copy
 * of the shared cookies a moment after another tab changed them, so the message can arrive while
 * this tab still reads the old access token. A cookie that is still there after the last look
 * belongs to a newer login.
 */
const COOKIE_LOOKS_MS = [0, 50, 200, 1_000];

async function accessCookieGone(): Promise<boolean> {
  for (const wait of COOKIE_LOOKS_MS) {
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (!hasAccessCookie()) return true;
  }
  return false;
}

function endAfterOtherTab(reason: LogoutReason): void {
  if (sessionState.status === 'member' || sessionState.status === 'admin') {
    void loadedClient()?.session.logout(reason).catch(reportError);
    return;
  }
  // Start-up was still loading the user: it stops here (an answer landing later is dropped) and
  // the login page shows the other tab's reason, which this tab's own calls could no longer learn.
  if (sessionState.status === 'starting') {
    endStartup();
    void loadedClient()?.session.logout(reason).catch(reportError);
    // The SDK announces no logout for a session whose user it never loaded, so onLogout will not
    // run: the features' state of this session (answers start-up asked for and still in flight
    // among it) is cleared here, or the next session on this tab could be handed them.
    clearSessionData(reportError);
    resetUi();
    showEnded(reason, reason === 'suspended' ? SUSPENDED_NOTICE : null);
    return;
  }
  // This tab found the session gone by itself a moment ago (its call met the emptied cookies)
  // and could not tell why: the other tab's suspension is the same end, so its notice shows here.
  if (
    reason === 'suspended' &&
    sessionState.status === 'anonymous' &&
    sessionState.endedBecause !== null &&
    sessionState.endedBecause !== 'suspended' &&
    performance.now() - endedAt < SAME_END_MS
  ) {
    sessionState.endedBecause = 'suspended';
    sessionState.notice = SUSPENDED_NOTICE;
    navigate(loginRedirect({ suspended: true }), { replace: true });
  }
}

/** How close two tabs' logouts must be to be taken for one end of the session. */
const SAME_END_MS = 10_000;
/** When this tab's session last ended (performance.now()). */
let endedAt = Number.NEGATIVE_INFINITY;

/** Every logout reason of the SDK (the Record makes the compiler check the list is whole). */
const LOGOUT_REASONS: Record<LogoutReason, true> = {
  user: true,
  suspended: true,
  'session-expired': true,
  'refresh-failed': true,
};

function isLogoutReason(value: unknown): value is LogoutReason {
  return typeof value === 'string' && Object.hasOwn(LOGOUT_REASONS, value);
}

async function loadUser(): Promise<void> {
  // The features' start-up modules load beside the client's chunk, not after it, and user info
  // does not wait for them: the first screen's calls went out before the app ran
  // (config/early-requests.ts), so what holds the screen back is the answers being read, and the
  // subscription that user info's answer starts.
  const path = currentPath();
  // This start-up's: its modules' retries stop with it (session-start.ts).
  const abort = new AbortController();
  const modulesLoaded = loadStartupModules(path, abort.signal, reportError);
  let client: MatchmakerClient;
  let beginStartup: Awaited<ReturnType<typeof loadStartup>>;
  try {
    client = await loadClient();
    beginStartup = await loadStartup();
  } catch (error) {
    abort.abort();
    throw error;
  }
  endStartup();
  startupAbort = abort;
  const start = { client, signal: abort.signal, path };
  const run = beginStartup(client, {
    signal: abort.signal,
    // The event's time zone is the page's first Intl use (about 70 ms of a phone's main thread):
    // built once the first screen is shown, which ends at an idle moment. Not at the first idle
    // moment: on a phone that comes while the screen's chunks are on their way, and the event then
    // shared the line with them (Lighthouse's graph of a room).
    beforeDau: afterScreenShown,
    onError: (error) => reportError(error),
  });
  // Early work that awaits the user fails with start-up; start-up reports that failure itself.
  run.user.catch(() => {});
  void modulesLoaded.then(() => {
    if (!abort.signal.aborted) runSessionStart({ ...start, user: run.user }, reportError);
  });
  // The first screen needs only the user: the subscription and the DAU event finish after it
  // shows (SPEC.md section 1 asks for them, not for the screen to wait on them), each on its own.
  const writesBefore = subscriptionWrites;
  void run.subscription.then((subscription) => {
    // A reload of the subscription that answered first (payments, after a checkout) is newer.
    if (abort.signal.aborted || subscriptionWrites !== writesBefore) return;
    sessionState.subscription =
      subscription !== null && typeof subscription === 'object' ? ref(subscription) : (subscription ?? null);
  }, noop);
  try {
    const user = await run.user;
    if (abort.signal.aborted) return;
    // The page's start-up modules have been loading beside the client since start-up began (each
    // a fraction of a KB): the screen waits for them, so that their work has asked for its data
    // (the back office's search, a room's newest page) before the screen shows and would ask too.
    // Not for one whose fetch failed: it is fetched again behind the screen (session-start.ts).
    // The subscription does not wait: user info's answer has started it already.
    await modulesLoaded;
    if (abort.signal.aborted) return;
    // An admin's work runs before the back office shows when its module is here already (loaded
    // beside the client on a back-office page): the screen then takes the search it asked for.
    // Were the screen first (its chunk is here too), both would ask.
    const adminStarted = isAdmin(user) && roleStartupModulesLoaded('admin');
    if (adminStarted) runAdminStart({ ...start, user }, reportError);
    sessionState.user = ref(user);
    sessionState.status = isAdmin(user) ? 'admin' : 'member';
    // A deleted account may only reactivate (the guard sends it there): the server refuses its
    // sockets, and a refused socket would end the session through a failed refresh. Start-up runs
    // again after reactivation, and the member's channels open then.
    if (isMember(user) && !isDeleted(user)) {
      // Once the first screen is shown: the channels, and the features' member work (the badge's
      // count and the outbox are no part of that screen; their chunks and calls were a tenth of a
      // second of a phone's largest paint). A session that ends before the moment starts nothing
      // then (and reports nothing: the SDK keeps its channels closed without a session,
      // test/features/first-screen.prefetch).
      void screenShown()
        .then(() => {
          if (abort.signal.aborted) return;
          client.realtime.connect().catch(reportError);
          return loadRoleStartupModules('member', abort.signal, reportError).then(() => {
            if (!abort.signal.aborted) runMemberStart({ ...start, user }, reportError);
          });
        })
        .catch(reportError);
      beginMemberSession();
    }
    if (isAdmin(user) && !adminStarted) {
      // Beside the back office's chunk, which the guard now asks for: its first list need not
      // wait for that chunk and the screen's render.
      void loadRoleStartupModules('admin', abort.signal, reportError).then(() => {
        if (!abort.signal.aborted) runAdminStart({ ...start, user }, reportError);
      });
    }
  } catch (error) {
    if (abort.signal.aborted) return;
    // This start-up is over: a module fetched again later runs nothing for it, and what its early
    // work loaded (the first list of the screen it started on) is dropped, answers still on their
    // way included. The tokens stay, so storage does too (a member's outbox); but whoever logs in
    // next on this tab must not be shown this session's list. (It is still the current start-up:
    // one that replaced it would have aborted it.)
    endStartup();
    dropSessionState(reportError);
    // A suspension or refused refresh has already logged out (onLogout ran); anything else
    // leaves the visitor anonymous with the reason on screen rather than a blank page.
    if ((await client.session.isLoggedIn()) === false) {
      if (sessionState.status === 'starting') sessionState.status = 'anonymous';
      return;
    }
    reportError(error);
    notify.error('We could not load your account. Please try again.');
    // A start-up run again (after a reactivation) had a user: none is shown now, or the guard
    // would still take the stale copy (a deleted account) for the visitor's.
    sessionState.user = null;
    sessionState.subscription = null;
    sessionState.status = 'anonymous';
  }
}

function noop(): void {}

/** How many times a feature has written the subscription (start-up's later answer must not undo one). */
let subscriptionWrites = 0;

/** Logs in with email and password, then runs start-up. Rejects with the SDK's error. */
export async function logIn(email: string, password: string): Promise<void> {
  const client = await loadClient();
  await client.accounts.login({ email, password });
  sessionState.endedBecause = null;
  sessionState.notice = null;
  await loadUser();
}

/**
 * Starts a session from tokens handed over by the social sign-in provider's redirect, then runs
 * start-up like a password login does.
 */
export async function logInWithTokens(tokens: Tokens): Promise<void> {
  const client = await loadClient();
  await client.session.setTokens(tokens);
  sessionState.endedBecause = null;
  sessionState.notice = null;
  await loadUser();
}

/** Runs start-up again for the logged-in user (after a reactivation changes what they may do). */
export async function reloadSession(): Promise<void> {
  await loadUser();
}

/** Reads the logged-in user again (after a change elsewhere, such as a new profile photo). */
export async function refreshUser(): Promise<void> {
  const client = await loadClient();
  replaceUser(await client.accounts.userInfo());
}

/** Replaces the logged-in user with a newer copy (after a profile edit or a reactivation). */
export function replaceUser(user: User): void {
  if (sessionState.status === 'anonymous' || sessionState.status === 'starting') return;
  sessionState.user = ref(user);
}

/** Replaces the subscription after a feature reloaded it (payments, after checkout). */
export function setSubscription(subscription: Subscription): void {
  subscriptionWrites += 1;
  sessionState.subscription = ref(subscription);
}

/** Logs out from anywhere: the SDK ends the session and `onLogout` clears the rest. */
export async function logOut(): Promise<void> {
  const client = loadedClient() ?? (await loadClient());
  await client.session.logout('user');
}

function onLogout(reason: LogoutReason, info: LogoutInfo): void {
  sessionChannel()?.postMessage(reason);
  endStartup();
  clearSessionData(reportError);
  resetUi();
  showEnded(reason, reason === 'suspended' ? SUSPENDED_NOTICE : (info.notice ?? null));
  if (info.notice) notify.error(info.notice);
}

/** The session is over: this tab is anonymous, on the login page, with why it ended. */
function showEnded(reason: LogoutReason, notice: string | null): void {
  endedAt = performance.now();
  sessionState.user = null;
  sessionState.subscription = null;
  sessionState.status = 'anonymous';
  sessionState.endedBecause = reason;
  sessionState.notice = notice;
  navigate(loginRedirect({ suspended: reason === 'suspended' }), { replace: true });
}
