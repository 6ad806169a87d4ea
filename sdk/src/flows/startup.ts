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
import { throwIfAborted, toAborted } from './abort';
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
  /** IANA time zone; defaults to Intl's resolved time zone. */
  timezone?: string;
  /** The clock of the event's `time`; defaults to the system clock. */
  now?: () => Date;
  /** Sent as the event's `platform`; defaults to 'web'. */
  platform?: string;
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

/**
 * Runs start-up for a logged-in user. Only a user-info failure (or an abort) rejects; the
 * subscription and the DAU event run side by side and their failures go to `env.onError`.
 */
export async function runStartup(client: StartupClient, env: StartupEnv = {}): Promise<StartupResult> {
  const { signal } = env;
  const options: CallOptions = signal ? { signal } : {};
  const onError = env.onError ?? ((error: unknown) => console.error(error));
  throwIfAborted(signal, 'Start-up');
  const user = await client.accounts.userInfo(options);

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
  const [subscription, dauSent] = await Promise.all([
    keycloakId ? guard('subscription', () => client.payments.getSubscription(keycloakId, options)) : null,
    isAdmin(user)
      ? false
      : guard('dau', async () => {
          await client.analytics.dau(buildDauEvent(env), options);
          return true;
        }).then((sent) => sent === true),
  ]);
  return { user, subscription: subscription ?? null, dauSent };
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

function defaultTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || UNKNOWN;
  } catch {
    return UNKNOWN;
  }
}
