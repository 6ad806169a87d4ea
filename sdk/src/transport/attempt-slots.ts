import { type Deadline, Deadlines } from './deadlines';
import { onStop, type Stoppers } from './signals';

/**
 * The longest an attempt's time limit may run over, as a share of the limit and at most, in ms:
 * the window in which attempts join one slot (below).
 */
const LATE_SHARE = 0.01;
const MAX_LATE_MS = 10;
/**
 * The most attempts one slot serves. Node's fetch leaves its listener on the signal until the
 * request is garbage (and so its addEventListener walks more of them each time), and Node warns
 * of a leak past 10 listeners on one signal.
 */
const MAX_ATTEMPTS = 10;

/**
 * The abort chain that a few attempts starting together share: one AbortController for the time
 * limit, the caller's signal and the session's end. It is aborted when its deadline passes (every
 * attempt still in it then has run at least its whole limit) or when the caller aborts or the
 * session ends (which stop every attempt in it alike: they share both).
 */
export class AttemptSlot {
  readonly #controller = new AbortController();
  /** What the fetches of its attempts listen to. */
  readonly signal: AbortSignal = this.#controller.signal;
  /** The deadline passed while attempts were in flight: they ran out of time. */
  timedOut = false;
  readonly #stoppers: Stoppers;
  readonly #timeoutMs: number;
  /** Until when attempts may join; none may once it was aborted. */
  #openUntil: number;
  #joined = 0;
  #active = 0;
  readonly #deadlines: Deadlines;
  readonly #deadline: Deadline | undefined;
  readonly #detach: () => void;

  constructor(stoppers: Stoppers, timeoutMs: number, deadlines: Deadlines) {
    this.#stoppers = stoppers;
    this.#timeoutMs = timeoutMs;
    this.#deadlines = deadlines;
    const limited = isLimit(timeoutMs);
    const lateMs = limited ? Math.min(timeoutMs * LATE_SHARE, MAX_LATE_MS) : MAX_LATE_MS;
    this.#openUntil = performance.now() + lateMs;
    // Every attempt joins before `#openUntil`: the deadline after it is no earlier than its own.
    this.#deadline = limited
      ? deadlines.start(timeoutMs + lateMs, () => {
          this.timedOut = true;
          this.#abort();
        })
      : undefined;
    this.#detach = onStop(stoppers, () => this.#abort());
  }

  #abort(): void {
    this.#openUntil = Number.NEGATIVE_INFINITY;
    this.#controller.abort();
  }

  /** Whether an attempt starting now with these stoppers and limit can join. */
  accepts(stoppers: Stoppers, timeoutMs: number): boolean {
    return (
      stoppers.signal === this.#stoppers.signal &&
      stoppers.scope === this.#stoppers.scope &&
      timeoutMs === this.#timeoutMs &&
      this.#joined < MAX_ATTEMPTS &&
      performance.now() < this.#openUntil
    );
  }

  join(): this {
    this.#joined++;
    this.#active++;
    return this;
  }

  /** An attempt ended; returns true when the slot is done (nothing of it left to time or stop). */
  leave(): boolean {
    this.#active--;
    if (this.#active > 0) return false;
    // An idle slot takes no one else: its deadline and listeners would hold the process running.
    this.#openUntil = Number.NEGATIVE_INFINITY;
    if (this.#deadline) this.#deadlines.end(this.#deadline);
    this.#detach();
    return true;
  }
}

function isLimit(timeoutMs: number): boolean {
  return timeoutMs > 0 && Number.isFinite(timeoutMs);
}

/**
 * The abort chains of one client's attempts. An AbortController of its own for every attempt
 * (and the listener the fetch adds to its signal) was about half of the SDK's own CPU time of a
 * call (7.5 of 15 µs, with a fetch answering from memory); attempts that start within the same
 * few ms (1% of their limit, at most 10) with the same caller's signal, session and limit share
 * one instead, up to 10 of them: calls in flight together, a bulk run's rows. An attempt on its
 * own (one call at a time) still gets one of its own. Its time limit may so run over by that
 * window, never end early. An attempt that nothing can stop (no caller's signal, no session, no
 * limit) gets no signal at all.
 */
export class AttemptSlots {
  /** Every slot's time limit; the slots with the same limit share one timer. */
  readonly #deadlines = new Deadlines();
  /** The slot the next attempt may join. */
  #open: AttemptSlot | undefined;

  /** The slot of an attempt starting now; `leave` it when the attempt ends. undefined: nothing can stop it. */
  join(stoppers: Stoppers, timeoutMs: number): AttemptSlot | undefined {
    if (!stoppers.signal && !stoppers.scope && !isLimit(timeoutMs)) return undefined;
    const open = this.#open;
    if (open?.accepts(stoppers, timeoutMs)) return open.join();
    const slot = new AttemptSlot(stoppers, timeoutMs, this.#deadlines);
    this.#open = slot;
    return slot.join();
  }

  leave(slot: AttemptSlot): void {
    if (slot.leave() && this.#open === slot) this.#open = undefined;
  }
}
