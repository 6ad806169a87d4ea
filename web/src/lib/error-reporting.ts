/**
 * When error reporting (Sentry) and session recording (Replay) load. Neither is on the path of
 * the first screen, and a visitor who is not recorded downloads neither unless something breaks:
 * - a visitor picked by the session sample rate: Sentry and Replay once the first screen is
 *   interactive, recording the whole session;
 * - a signed-in member or admin: Sentry and Replay once their first screen is interactive, Replay
 *   buffering so an error sends the minute before it (at the on-error sample rate);
 * - anyone else: Sentry when the first error is reported (report.ts keeps it until then).
 * Nothing loads when reporting is off (no DSN).
 */
import type { AppConfig } from '../config/env';
import { loadOnce } from './load-once';
import { isReplaySampled } from './replay-sampling';
import { onFirstReport } from './report';

type SentryModule = typeof import('./sentry');

export interface ReportingMoments {
  /** Resolves once the first screen is interactive. */
  screenInteractive(): Promise<void>;
  /** Runs the listener once a signed-in session's first screen is interactive. */
  onceSignedInScreenInteractive(listener: () => void): void;
}

export function scheduleErrorReporting(sentry: AppConfig['sentry'], moments: ReportingMoments): void {
  const { dsn, replay } = sentry;
  if (!dsn) return;
  // Drawn when first needed, not as the page starts: the draw is often the page's first
  // sessionStorage use, a synchronous load of the tab's storage (8-40 ms at 4x CPU slowdown in
  // traces), which would otherwise sit in the main bundle's first task, before anything is painted.
  let sampled: boolean | undefined;
  const isSampled = () => {
    sampled ??= replay !== null && isReplaySampled(replay.sessionSampleRate);
    return sampled;
  };
  // Sentry starts once: a failed fetch of its chunk is tried again, a failed Replay after it is not
  // a reason to start Sentry a second time.
  const load: () => Promise<SentryModule> = loadOnce(() =>
    import('./sentry').then((module) => {
      module.startErrorReporting({ ...sentry, dsn }, isSampled());
      return module;
    }),
  );
  const loadWithReplay = () => {
    load()
      .then((module) => (replay ? module.startReplay() : undefined))
      .catch(couldNotStart(loadWithReplay));
  };
  // A chunk that could not be fetched (the member went offline a moment ago) is asked for again
  // once the browser is back online: the errors report.ts keeps meanwhile are sent then, rather
  // than never, as they were while the failed load stayed cached here.
  let again: (() => void) | null = null;
  const retryOnline = () => {
    const run = again;
    again = null;
    run?.();
  };
  function couldNotStart(retry: () => void) {
    return (error: unknown) => {
      console.error('Error reporting could not start', error);
      // Replay's load includes Sentry's: the fuller of the two waits.
      if (again !== loadWithReplay) again = retry;
      window.removeEventListener('online', retryOnline);
      window.addEventListener('online', retryOnline, { once: true });
    };
  }
  const loadAlone = () => {
    load().catch(couldNotStart(loadAlone));
  };
  onFirstReport(loadAlone);
  if (replay !== null)
    void moments.screenInteractive().then(() => (isSampled() ? loadWithReplay() : undefined));
  moments.onceSignedInScreenInteractive(loadWithReplay);
}
