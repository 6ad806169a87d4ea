/**
 * The one place errors go to be reported. Sentry loads after first paint (see sentry.ts), so
 * errors raised before it is ready wait in a short queue rather than being lost.
 */
import { isIgnoredInReporting } from '@matchmaker/sdk';

type Reporter = (error: unknown) => void;

const EARLY_LIMIT = 20;
let reporter: Reporter | null = null;
const early: unknown[] = [];

export function reportError(error: unknown): void {
  console.error(error);
  if (isIgnoredInReporting(error)) return;
  if (reporter) reporter(error);
  else if (early.length < EARLY_LIMIT) early.push(error);
}

/** Called once Sentry is initialised; flushes what arrived before. */
export function setReporter(next: Reporter): void {
  reporter = next;
  removeEarlyCapture();
  for (const error of early.splice(0)) next(error);
}

const onWindowError = (event: ErrorEvent) => reportError(event.error ?? event.message);
const onRejection = (event: PromiseRejectionEvent) => reportError(event.reason);

/** Catches uncaught errors until Sentry installs its own handlers. */
export function installEarlyCapture(): void {
  window.addEventListener('error', onWindowError);
  window.addEventListener('unhandledrejection', onRejection);
}

export function removeEarlyCapture(): void {
  window.removeEventListener('error', onWindowError);
  window.removeEventListener('unhandledrejection', onRejection);
}
