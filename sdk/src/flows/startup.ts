/**
 * Start-up of a logged-in user (SPEC.md section 1): load the user, load the subscription when the
 * user has a keycloakId, and send the daily-active-user event for non-admins. Browser APIs are
 * injected so the flow runs (and is tested) in Node.
 */
import type { CallOptions } from '../endpoints/define';
import { isAdmin } from '../rules/roles';
import type { DauEvent } from '../schemas/analytics';
import type { Subscription } from '../schemas/payment';
import type { User } from '../schemas/user';
import type { Services } from '../services/index';
import { throwIfAborted, toAborted, untilAborted } from './abort';
import { detectBrowser, detectDevice, detectOs } from './user-agent';

export { type DeviceKind, detectBrowser, detectDevice, detectOs } from './user-agent';

/** The part of a client the start-up flow uses; a whole client fits. */
export interface StartupClient {
  accounts: Pick<Services['accounts'], 'userInfo'>;
  payments: Pick<Services['payments'], 'getSubscription'>;
  analytics: Pick<Services['analytics'], 'dau'>;
}

/** The subscription answer; the schema's type, re-exported for callers of the start-up flow. */
export type { Subscription };

/** The steps whose failure is reported instead of failing start-up. */
export type StartupStep = 'subscription' | 'dau';

export interface StartupEnv {
  /** Reads `userAgent`; defaults to globalThis.navigator. */
  navigator?: { readonly userAgent: string } | undefined;
  /** Reads `width` and `height`; defaults to globalThis.screen. */
  screen?: { readonly width: number; readonly height: number } | undefined;
  /** IANA time zone; defaults to Temporal's where the runtime has it, else Intl's resolved time zone. */
  timezone?: string;
  /** The clock of the event's `time`; defaults to the system clock. */
  now?: () => Date;
  /** Sent as the event's `platform`; defaults to 'web'. */
  platform?: string;
  /**
   * Waited for before the DAU event is built and sent; defaults to none (at once). Where the
   * runtime has no Temporal, the event's time zone is often a page's first use of Intl, which costs
   * a phone about 70 ms of main thread (4x CPU slowdown): a web app passes an idle moment after its
   * first screen here, so that time is not spent between user info and the first screen. A
   * rejection is reported as a DAU failure; an abort ends the wait at once.
   */
  beforeDau?: () => Promise<void>;
  /** Receives subscription and DAU failures, which do not fail start-up; defaults to console.error. */
  onError?: (error: unknown, step: StartupStep) => void;
  signal?: AbortSignal;
}

export interface StartupResult {
  user: User;
  /** The subscription, or null when the user has no keycloakId or loading it failed. */
  subscription: Subscription | null;
  /** Whether the daily-active-user event was accepted (false for admins and on failure). */
  dauSent: boolean;
}

export const DEFAULT_PLATFORM = 'web';
const UNKNOWN = 'Unknown';

/** A start-up under way: user info's answer on its own, and the whole start-up. */
export interface StartupRun {
  /**
   * User info's answer, as soon as it arrives: what a first screen needs to pick its area. The
   * subscription and the DAU event go on without holding it up.
   */
  user: Promise<User>;
  /**
   * The subscription, as soon as it is loaded (null as in `StartupResult`), without waiting for
   * the DAU event; rejects as `user` does.
   */
  subscription: Promise<Subscription | null>;
  /** The whole start-up; rejects as `user` does (user info failed or the run was aborted). */
  done: Promise<StartupResult>;
}

/**
 * Starts start-up for a logged-in user and answers at once with its two stages, so a screen can
 * show as soon as user info answers while the subscription and the DAU event (after it, side by
 * side) are still on their way. Only a user-info failure (or an abort) rejects; subscription and
 * DAU failures go to `env.onError`. `done` is marked handled: a caller that awaits only `user`
 * leaves no unhandled rejection behind.
 */
export function beginStartup(client: StartupClient, env: StartupEnv = {}): StartupRun {
  const { signal } = env;
  const options: CallOptions = signal ? { signal } : {};
  const user = (async () => {
    throwIfAborted(signal, 'Start-up');
    return client.accounts.userInfo(options);
  })();
  const steps = user.then((answer) => afterUser(client, env, options, answer));
  const subscription = steps.then((started) => started.subscription);
  const done = steps.then(async (started) => ({
    user: started.user,
    subscription: await started.subscription,
    dauSent: await started.dauSent,
  }));
  subscription.catch(() => {});
  done.catch(() => {});
  return { user, subscription, done };
}

/** Runs start-up for a logged-in user and answers once every step has (see `beginStartup`). */
export function runStartup(client: StartupClient, env: StartupEnv = {}): Promise<StartupResult> {
  return beginStartup(client, env).done;
}

/** The steps after user info, each under way. */
interface StartedSteps {
  user: User;
  subscription: Promise<Subscription | null>;
  dauSent: Promise<boolean>;
}

function afterUser(client: StartupClient, env: StartupEnv, options: CallOptions, user: User): StartedSteps {
  const { signal } = env;
  const onError = env.onError ?? ((error: unknown) => console.error(error));

  // Failures are reported, aborts are not: the caller asked for them and gets the rejection.
  const guard = async <T>(step: StartupStep, run: () => Promise<T>): Promise<T | null> => {
    try {
      return await run();
    } catch (error) {
      if (signal?.aborted) throw toAborted(error, 'Start-up');
      onError(error, step);
      return null;
    }
  };

  const keycloakId = user.keycloakId;
  const subscription = keycloakId
    ? guard('subscription', () => client.payments.getSubscription(keycloakId, options))
    : Promise.resolve(null);
  const dauSent = isAdmin(user)
    ? Promise.resolve(false)
    : guard('dau', async () => {
        if (env.beforeDau) await untilAborted(env.beforeDau(), signal, 'Start-up');
        await client.analytics.dau(buildDauEvent(env), options);
        return true;
      }).then((sent) => sent === true);
  // Either may reject only on an abort, which `done` (and `subscription`) carry.
  dauSent.catch(() => {});
  return { user, subscription: subscription.then((answer) => answer ?? null), dauSent };
}

/** The daily-active-user event for this browser, from the injected (or global) browser APIs. */
export function buildDauEvent(env: StartupEnv = {}): DauEvent {
  const ua = (env.navigator ?? globalNavigator())?.userAgent ?? '';
  const screen = env.screen ?? globalScreen();
  return {
    device: detectDevice(ua),
    platform: env.platform ?? DEFAULT_PLATFORM,
    metadata: {
      time: (env.now ?? (() => new Date()))().toISOString(),
      os: detectOs(ua),
      browser: detectBrowser(ua),
      screen_size: screen ? `${screen.width}x${screen.height}` : UNKNOWN,
      timezone: env.timezone ?? defaultTimezone(),
    },
  };
}

function globalNavigator(): { userAgent?: string } | undefined {
  return (globalThis as { navigator?: { userAgent?: string } }).navigator;
}

function globalScreen(): { width: number; height: number } | undefined {
  return (globalThis as { screen?: { width: number; height: number } }).screen;
}

/** The part of Temporal the time zone needs (TypeScript's libs do not describe Temporal yet). */
type TemporalNow = { Temporal?: { Now?: { timeZoneId?: () => string } } };

/**
 * The runtime's IANA time zone. Temporal's answer where there is one: reading it costs a phone
 * about nothing, while Intl's (a DateTimeFormat's resolved options, often a page's first use of
 * Intl dates) loads ICU's locale and zone data, 25-100 ms of main thread at 4x CPU slowdown in
 * Chromium; both name the same zone. Intl's elsewhere (Node 20, older browsers).
 */
function defaultTimezone(): string {
  try {
    const zone = (globalThis as TemporalNow).Temporal?.Now?.timeZoneId?.();
    if (zone) return zone;
  } catch {
    // A Temporal without a usable zone: Intl's answer below.
  }
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || UNKNOWN;
  } catch {
    return UNKNOWN;
  }
}
