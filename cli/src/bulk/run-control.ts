/**
 * What a bulk run is told from outside while it goes: a stop (the first Ctrl-C or SIGTERM: take
 * no more rows, let those in flight finish), an abort (the second: end those in flight too), a
 * failure that stops it like a stop (a lock taken by another run, a journal that cannot be
 * written), and where it says things (above its progress bar while there is one).
 */
import { setMaxListeners } from 'node:events';
import type { RunNotes } from './progress';

export class RunControl {
  readonly #abort = new AbortController();
  readonly #stop = new AbortController();
  #failure: unknown;
  #sending = false;
  #notes: RunNotes | undefined;

  constructor() {
    // Every row in flight listens on the run's signal, and every row waiting to be sent again on
    // the stop signal (each stops listening when it goes on): more than Node's default of 10 is
    // expected, not a leak.
    setMaxListeners(0, this.#abort.signal, this.#stop.signal);
  }

  get signal(): AbortSignal {
    return this.#abort.signal;
  }

  /** Aborted by the first stop: ends what waits before any row is sent (the confirmation). */
  get stopSignal(): AbortSignal {
    return this.#stop.signal;
  }

  get stopping(): boolean {
    return this.#stop.signal.aborted;
  }

  stop(): void {
    this.#stop.abort();
  }

  /** Stops the run (as `stop`) because of `error`, which the run ends with. */
  fail(error: unknown): void {
    this.#failure ??= error;
    this.stop();
  }

  /** Whether a row has been sent: until then a stop ends the run at once, with nothing changed. */
  get sending(): boolean {
    return this.#sending;
  }

  startSending(): void {
    this.#sending = true;
  }

  /** Where the run says things (set by the run): above its progress bar while it shows one. */
  useNotes(notes: RunNotes): void {
    this.#notes = notes;
  }

  /** Runs `write` (whole lines on stderr, such as a warning) where the run says things. */
  say(write: () => void): void {
    if (this.#notes) this.#notes.above(write);
    else write();
  }

  /** Why the run was stopped, when something other than a signal stopped it. */
  get failure(): unknown {
    return this.#failure;
  }

  abort(): void {
    this.stop();
    this.#abort.abort();
  }
}
