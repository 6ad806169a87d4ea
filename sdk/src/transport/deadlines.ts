/** The longest delay a timer holds in one go (Node and browsers fire a longer one after 1 ms). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** One attempt's place in the queue of its time limit. */
export interface Deadline {
  readonly at: number;
  readonly expire: () => void;
  queue: DeadlineQueue | undefined;
  prev: Deadline | undefined;
  next: Deadline | undefined;
}

/** A timer handle as Node returns it; browsers return a number, which has no ref or unref. */
type Timer = ReturnType<typeof setTimeout>;

function setRef(timer: Timer | undefined, ref: boolean): void {
  const handle = timer as { ref?: () => void; unref?: () => void } | undefined;
  if (ref) handle?.ref?.();
  else handle?.unref?.();
}

/**
 * The attempts in flight with one time limit, in the order they started, which is the order of
 * their deadlines (the clock is monotonic and the limit the same): one timer, armed for the oldest
 * deadline, serves them all. An attempt that ends leaves the queue at once; the timer is re-armed
 * only when it fires, for the oldest deadline still waiting.
 */
class DeadlineQueue {
  readonly #ms: number;
  /** Called when the timer fired and nothing waits: the client forgets the queue. */
  readonly #onIdle: () => void;
  #head: Deadline | undefined;
  #tail: Deadline | undefined;
  #timer: Timer | undefined;
  /** True while the timer's callback runs the expiries: it arms the next timer itself. */
  #firing = false;

  constructor(ms: number, onIdle: () => void) {
    this.#ms = ms;
    this.#onIdle = onIdle;
  }

  add(expire: () => void): Deadline {
    const deadline: Deadline = {
      at: performance.now() + this.#ms,
      expire,
      queue: this,
      prev: this.#tail,
      next: undefined,
    };
    const wasEmpty = this.#head === undefined;
    if (this.#tail) this.#tail.next = deadline;
    else this.#head = deadline;
    this.#tail = deadline;
    // A timer left from before fires no later than this deadline: it only needs to hold the
    // process again (an attempt in flight keeps Node running, as its own timer did).
    if (this.#firing) return deadline;
    if (this.#timer === undefined) this.#arm(this.#ms);
    else if (wasEmpty) setRef(this.#timer, true);
    return deadline;
  }

  remove(deadline: Deadline): void {
    deadline.queue = undefined;
    if (deadline.prev) deadline.prev.next = deadline.next;
    else this.#head = deadline.next;
    if (deadline.next) deadline.next.prev = deadline.prev;
    else this.#tail = deadline.prev;
    deadline.prev = undefined;
    deadline.next = undefined;
    // Nothing left to time: the pending timer must not keep Node running (a CLI command exits).
    if (this.#head === undefined) setRef(this.#timer, false);
  }

  #arm(ms: number): void {
    this.#timer = setTimeout(this.#fire, Math.min(Math.max(Math.ceil(ms), 1), MAX_TIMER_MS));
  }

  readonly #fire = (): void => {
    this.#timer = undefined;
    const now = performance.now();
    // A timer may fire a little before the clock says (Node counts from the start of the loop
    // turn): an attempt whose deadline is not reached waits for a timer of its own remainder.
    // An expiry runs the fetch's abort listeners, which might start another attempt at once: that
    // one waits for the timer armed below, not one of its own armed for its later deadline.
    this.#firing = true;
    try {
      for (let head = this.#head; head !== undefined && head.at <= now; head = this.#head) {
        this.remove(head);
        head.expire();
      }
    } finally {
      // Even after an expiry threw: the attempts still waiting keep their timer.
      this.#firing = false;
      if (this.#head) this.#arm(this.#head.at - now);
      else this.#onIdle();
    }
  };
}

/**
 * The time limits of one client's attempts. A timer of its own per attempt (setTimeout, then
 * clearTimeout) was about 2% of a loopback `userInfo` call: with one call in flight at a time,
 * Node builds and drops its list for that duration on every call. Here every attempt still has its
 * own deadline, its start plus its limit, and `expire` runs once that passes; the attempts with
 * the same limit share one timer.
 */
export class Deadlines {
  readonly #queues = new Map<number, DeadlineQueue>();

  /** Calls `expire` once `ms` have passed, unless `end` is called first. */
  start(ms: number, expire: () => void): Deadline {
    let queue = this.#queues.get(ms);
    if (!queue) {
      // Calls may each bring a limit of their own: a queue lasts while its timer is pending.
      queue = new DeadlineQueue(ms, () => this.#queues.delete(ms));
      this.#queues.set(ms, queue);
    }
    return queue.add(expire);
  }

  /** The attempt ended: its deadline no longer counts (nothing if it expired already). */
  end(deadline: Deadline): void {
    deadline.queue?.remove(deadline);
  }
}
