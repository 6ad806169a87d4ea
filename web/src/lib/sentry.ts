/**
 * Error reporting with @sentry/browser. This module is loaded after the first paint (main.tsx),
 * keeping Sentry out of the JavaScript a visitor waits for; errors raised before that are queued
 * by report.ts. Session replay is a further chunk, loaded from the npm package, never a CDN.
 */

import { NOT_LOGGED_IN_MESSAGE } from '@matchmaker/sdk';
import {
  addIntegration,
  browserTracingIntegration,
  captureException,
  type ErrorEvent,
  init,
} from '@sentry/browser';
import type { AppConfig } from '../config/env';
import { setReporter } from './report';
import { scrub } from './scrub';

/** SPEC.md section 8's ignore list, plus the SDK's 'Not logged in'. */
export const IGNORED_ERRORS: (string | RegExp)[] = [
  NOT_LOGGED_IN_MESSAGE,
  /template/i,
  /ExpressionChangedAfterItHasBeenChecked/,
  /Cannot read properties of/,
  /destroyed view|ViewDestroyedError|view has been destroyed/i,
];

export function startErrorReporting(sentry: AppConfig['sentry']): void {
  if (!sentry.dsn) return;
  init({
    dsn: sentry.dsn,
    environment: sentry.environment,
    sendDefaultPii: false,
    ignoreErrors: IGNORED_ERRORS,
    integrations: [browserTracingIntegration()],
    tracesSampleRate: 0,
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1,
    beforeSend: (event: ErrorEvent) => scrub(event),
    beforeBreadcrumb: (breadcrumb) => scrub(breadcrumb),
  });
  setReporter((error) => captureException(error));
  if (sentry.replay) {
    void import('./sentry-replay').then(({ replay }) => addIntegration(replay()));
  }
}
