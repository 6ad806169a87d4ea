/**
 * The one place errors go to be reported. Sentry loads when it is needed (error-reporting.ts),
 * so errors raised before it is ready wait in a short queue rather than being lost, and the first
 * of them asks for it.
 */
import { isIgnoredInReporting } from '@matchmaker/sdk';

type Reporter = (error: unknown) => void;

const EARLY_LIMIT = 20;
let reporter: Reporter | null = null;
const early: unknown[] = [];
let firstReport: (() => void) | null = null;

export function reportError(error: unknown): void {
  console.error(error);
  if (isIgnoredInReporting(error)) return;
  if (reporter) {
    reporter(error);
    return;
  }
  if (early.length < EARLY_LIMIT) early.push(error);
  const ask = firstReport;
  firstReport = null;
  ask?.();
}

/** Runs `load` when the first error to report arrives before a reporter is set (at once if one has). */
export function onFirstReport(load: () => void): void {
  if (reporter) return;
  if (early.length > 0) load();
  else firstReport = load;
}

/** Called once Sentry is initialised; flushes what arrived before. */
export function setReporter(next: Reporter): void {
  reporter = next;
  firstReport = null;
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
