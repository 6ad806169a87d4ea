/**
 * Error reporting with @sentry/browser, a chunk that lib/error-reporting.ts loads when it is
 * needed, never on the path of the first screen; errors raised before it wait in report.ts's
 * queue. Session replay is a further chunk, from the npm package, never a CDN.
 */

import { NOT_LOGGED_IN_MESSAGE } from '@matchmaker/sdk';
import { addIntegration, captureException, type ErrorEvent, init } from '@sentry/browser';
import type { AppConfig } from '../config/env';
import { loadOnce } from './load-once';
import { setReporter } from './report';
import { scrub } from './scrub';

/** SPEC.md section 8's ignore list, plus the SDK's 'Not logged in'. */
export const IGNORED_ERRORS: (string | RegExp)[] = [
  NOT_LOGGED_IN_MESSAGE,
  /template/i,
  /ExpressionChangedAfterItHasBeenChecked/,
  /Cannot read properties of/,
  /destroyed view|ViewDestroyedError|view has been destroyed/i,
  // The browser's note that a ResizeObserver change made during its callbacks waits for the next
  // frame (nothing is lost); the chat's virtualised rows cause it as they measure themselves.
  /ResizeObserver loop (completed with undelivered notifications|limit exceeded)/,
];

/**
 * Starts Sentry. `sessionSampled` is the app's own draw (lib/replay-sampling.ts), so Replay
 * records a sampled session whole and only buffers the others. No tracing integration: traces are
 * not collected, and it was about 15 KB gzip of this chunk's 48.
 */
export function startErrorReporting(
  sentry: AppConfig['sentry'] & { dsn: string },
  sessionSampled: boolean,
): void {
  init({
    dsn: sentry.dsn,
    environment: sentry.environment,
    sendDefaultPii: false,
    ignoreErrors: IGNORED_ERRORS,
    replaysSessionSampleRate: sessionSampled ? 1 : 0,
    replaysOnErrorSampleRate: sentry.replay?.onErrorSampleRate ?? 0,
    beforeSend: (event: ErrorEvent) => scrub(event),
    beforeBreadcrumb: (breadcrumb) => scrub(breadcrumb),
  });
  setReporter((error) => captureException(error));
}

/**
 * Adds Replay (once): it records or buffers according to the rates given to init. A chunk that
 * could not be fetched is fetched again by the next call (error-reporting.ts's, once online).
 */
export const startReplay: () => Promise<void> = loadOnce(() =>
  import('./sentry-replay').then((module) => addIntegration(module.replay())),
);
