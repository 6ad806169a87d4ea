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
import { retryLoad } from './retry-load';

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
  // Whether Replay is wanted too (a picked visitor, a signed-in session); once wanted, it stays so.
  let withReplay = false;
  const start = () => load().then((module) => (withReplay && replay ? module.startReplay() : undefined));
  // A chunk that could not be fetched (the member went offline a moment ago) is fetched again as
  // retry-load.ts says (once back online, or after a moment): the errors report.ts keeps meanwhile
  // are sent then, rather than never. One retry at a time, and it starts what is wanted by then.
  let stopRetry = () => {};
  const run = () => {
    start().catch((error: unknown) => {
      console.error('Error reporting could not start', error);
      stopRetry();
      stopRetry = retryLoad(error, start, {
        loaded: () => {},
        givenUp: (failure) => console.error('Error reporting gave up starting', failure),
      });
    });
  };
  const loadWithReplay = () => {
    withReplay = true;
    run();
  };
  onFirstReport(run);
  if (replay !== null)
    void moments.screenInteractive().then(() => (isSampled() ? loadWithReplay() : undefined));
  moments.onceSignedInScreenInteractive(loadWithReplay);
}
