/**
 * Progress on stderr: a cli-progress bar on a terminal, otherwise one plain line every 5 s
 * (a log file or CI output gets no control characters).
 */
import { SingleBar } from 'cli-progress';
import { type OutStream, visible } from '../io';

export interface Counts {
  ok: number;
  failed: number;
  skipped: number;
}

export interface Progress {
  update(counts: Counts): void;
  /** Writes a line of its own (a warning, a skipped row) without breaking the bar. */
  note(text: string): void;
  stop(): void;
}

/**
 * Lines a run says while it goes: above the progress bar while there is one (so the bar stays
 * whole on a terminal), else straight to the stream.
 */
export class RunNotes {
  #progress: Progress | undefined;

  constructor(readonly stream: OutStream) {}

  /** From now on lines go through `progress` (undefined: straight to the stream again). */
  attach(progress: Progress | undefined): void {
    this.#progress = progress;
  }

  say(text: string): void {
    if (this.#progress) this.#progress.note(text);
    else this.stream.write(`${text}\n`);
  }
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
      note(text) {
        // Over the bar's line: the bar draws itself again below at its next update.
        // Written past the run's stderr stream (cli-progress owns this one): escaped here the same.
        process.stderr.write(`\r\x1b[2K${visible(text)}\n`);
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
    note(text) {
      stream.write(`${text}\n`);
    },
    stop() {
      clearInterval(timer);
    },
  };
}
