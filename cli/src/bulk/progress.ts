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
  /**
   * Runs `write`, which writes whole lines to the run's stream (a warning, a skipped row), so
   * that they stand above the bar: its line is cleared first and it is drawn again below them.
   */
  above(write: () => void): void;
  /** Ends the bar; on a terminal its line is cleared, so what follows (the summary) starts clean. */
  stop(): void;
}

/**
 * Lines a run says while it goes: above the progress bar while there is one (so the bar stays
 * whole on a terminal and does not draw over them), else straight to the stream.
 */
export class RunNotes {
  #progress: Progress | undefined;

  constructor(readonly stream: OutStream) {}

  /** From now on lines go through `progress` (undefined: straight to the stream again). */
  attach(progress: Progress | undefined): void {
    this.#progress = progress;
  }

  say(text: string): void {
    this.above(() => this.stream.write(`${text}\n`));
  }

  /** Runs `write` (whole lines on the run's stream) above the bar while there is one. */
  above(write: () => void): void {
    if (this.#progress) this.#progress.above(write);
    else write();
  }
}

/** Columns left free after the bar: room for an echoed ^C, and one to spare. */
const ECHO_ROOM = 3;

/** Erases the cursor's line and goes to its start. */
const CLEAR_LINE = '\r\x1b[2K';

/**
 * The terminal as cli-progress is handed it. cli-progress saves the cursor when a bar starts and
 * restores it when it stops: once lines said above the bar have moved it down (or scrolled the
 * screen), that restore jumps back to where the bar began and the summary lands on an old line.
 * The save and restore are left out: the bar is always on the cursor's line. It is told a few
 * columns fewer than there are, so that the ^C a terminal echoes after the bar still fits on its
 * line: wrapped to the line below, it would leave the bar standing above the lines said next.
 */
function barTerminal(terminal: NodeJS.WriteStream) {
  return {
    isTTY: true,
    get columns() {
      return Math.max(20, (terminal.columns || 80) - ECHO_ROOM);
    },
    write(text: string) {
      if (text === '\x1b7' || text === '\x1b8') return true;
      return terminal.write(text);
    },
  };
}

const PLAIN_INTERVAL_MS = 5_000;

/**
 * A rate as the plain line gives it: whole from 100 a second, else two significant digits, so
 * that a slow run (`--rate 0.2`, a slow server) reads `0.38 rows/s`, not a rounded `0`.
 */
function perSecond(rate: number): string {
  return rate >= 100 ? String(Math.round(rate)) : String(Number(rate.toPrecision(2)));
}

const MIN_BAR = 10;
const MAX_BAR = 40;

/** The bar's line with the widest values a `total`-row run shows, the bar itself left out. */
function widestText(format: string, total: number): string {
  const widest = String(total);
  return format
    .replace('[{bar}] ', '')
    .replace('{percentage}', '100')
    .replace(/\{(value|total|ok|failed|skipped)\}/g, widest)
    .replace('{rate}', '99999')
    .replace('{eta_formatted}', '99h59m');
}

/**
 * The bar's line for a terminal of `columns`: the first of these, from the roomiest down, whose
 * widest text fits with a bar of at least 10 characters, or then without a bar. What matters most
 * stays to the last: the counts done and the ETA; the skipped count (the summary has it) and the
 * rate go first. (cli-progress cuts a line too long at the right edge: the ETA went first.)
 */
export function barLayout(
  label: string,
  total: number,
  columns: number,
): { format: string; barsize: number } {
  const counts = '{percentage}% | {value}/{total} | ok {ok} failed {failed}';
  const layouts = [
    `${label} [{bar}] ${counts} skipped {skipped} | {rate}/s | ETA {eta_formatted}`,
    `${label} [{bar}] ${counts} skipped {skipped} {rate}/s ETA {eta_formatted}`.replaceAll(' | ', ' '),
    `${label} [{bar}] ${counts} {rate}/s ETA {eta_formatted}`.replaceAll(' | ', ' '),
    `${label} [{bar}] ${counts} ETA {eta_formatted}`.replaceAll(' | ', ' '),
  ];
  for (const format of layouts) {
    const room = columns - widestText(format, total).length - '[] '.length;
    if (room >= MIN_BAR) return { format, barsize: Math.min(MAX_BAR, room) };
  }
  const bare = [
    `${label} ${counts} ETA {eta_formatted}`.replaceAll(' | ', ' '),
    '{percentage}% {value}/{total} ETA {eta_formatted}',
  ];
  const format = bare.find((text) => widestText(text, total).length <= columns) ?? bare[1] ?? '';
  return { format, barsize: MIN_BAR };
}

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
    // cli-progress writes to a stream it owns the cursor of; stderr keeps stdout for data.
    const terminal = process.stderr;
    const stream = barTerminal(terminal);
    // The bar gives up width for the counts and the ETA, which matter more, down to 10
    // characters; then the least needed parts go, then the bar.
    const { format, barsize } = barLayout(label, total, stream.columns);
    const bar = new SingleBar(
      {
        stream: stream as unknown as NodeJS.WriteStream,
        format,
        barsize,
        barCompleteChar: '\u2588',
        barIncompleteChar: '\u2591',
        hideCursor: true,
        // Lines said above the bar wrap as usual (cli-progress would turn wrapping off for the
        // run, cutting a long warning at the right edge); the bar itself is cut to the width.
        linewrap: true,
        // Stopped, the bar's line is cleared: the summary says the same, on a line of its own.
        clearOnComplete: true,
        // Drawn again at every tick, not only when it changes: lines said above it cleared it.
        forceRedraw: true,
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
      above(write) {
        // The lines go where the bar was (and whatever the terminal echoed after it, a ^C); the
        // bar draws itself again below them at its next tick.
        terminal.write(CLEAR_LINE);
        write();
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
    const rate = seconds > 0 ? perSecond((latest.ok + latest.failed) / seconds) : '0';
    stream.write(
      `${label}: ${done()}${of} rows (ok ${latest.ok}, failed ${latest.failed}, skipped ${latest.skipped}), ${rate} rows/s\n`,
    );
  }, interval);
  timer.unref();
  return {
    update(counts) {
      latest = counts;
    },
    above(write) {
      write();
    },
    stop() {
      clearInterval(timer);
    },
  };
}
