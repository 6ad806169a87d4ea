/**
 * Progress on stderr: a cli-progress bar on a terminal, otherwise one plain line every 5 s
 * (a log file or CI output gets no control characters).
 */
import { SingleBar } from 'cli-progress';
import type { OutStream } from '../io';

export interface Counts {
  ok: number;
  failed: number;
  skipped: number;
}

export interface Progress {
  update(counts: Counts): void;
  stop(): void;
}

const PLAIN_INTERVAL_MS = 5_000;

export function startProgress(
  stream: OutStream,
  total: number | undefined,
  label: string,
  startedAt: number,
  interval = PLAIN_INTERVAL_MS,
): Progress {
  let latest: Counts = { ok: 0, failed: 0, skipped: 0 };
  const done = () => latest.ok + latest.failed + latest.skipped;
  if (stream.isTTY === true && total !== undefined) {
    const bar = new SingleBar(
      {
        // cli-progress writes to a stream it owns the cursor of; stderr keeps stdout for data.
        stream: process.stderr,
        format: `${label} [{bar}] {percentage}% | {value}/{total} | ok {ok} failed {failed} skipped {skipped} | {rate}/s | ETA {eta_formatted}`,
        barCompleteChar: '\u2588',
        barIncompleteChar: '\u2591',
        hideCursor: true,
        clearOnComplete: false,
        etaBuffer: 200,
        fps: 10,
      },
      undefined,
    );
    bar.start(total, 0, { ok: 0, failed: 0, skipped: 0, rate: 0 });
    return {
      update(counts) {
        latest = counts;
        const seconds = (performance.now() - startedAt) / 1000;
        bar.update(done(), {
          ...counts,
          rate: seconds > 0 ? Math.round((counts.ok + counts.failed) / seconds) : 0,
        });
      },
      stop() {
        bar.update(done(), { ...latest });
        bar.stop();
      },
    };
  }
  const timer = setInterval(() => {
    const seconds = (performance.now() - startedAt) / 1000;
    const of = total !== undefined ? `/${total}` : '';
    const rate = seconds > 0 ? Math.round((latest.ok + latest.failed) / seconds) : 0;
    stream.write(
      `${label}: ${done()}${of} rows (ok ${latest.ok}, failed ${latest.failed}, skipped ${latest.skipped}), ${rate} rows/s\n`,
    );
  }, interval);
  timer.unref();
  return {
    update(counts) {
      latest = counts;
    },
    stop() {
      clearInterval(timer);
    },
  };
}
