import { randomUUID } from 'node:crypto';
import { link, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { DEFAULT_REQUEST_TIMEOUT_MS } from '../transport/constants';
import { LOGOUT_REQUEST_TIMEOUT_MS, TOKEN_REFRESH_RETRY } from './constants';

/**
 * The longest a client holds the session lock with the default time limits: a refresh's four
 * attempts and three waits, then the logout call a failed refresh makes. Waiting less than this
 * would give up on a healthy refresh in another process.
 */
const REFRESH_DELAY_MS =
  TOKEN_REFRESH_RETRY.wait.kind === 'fixed'
    ? TOKEN_REFRESH_RETRY.wait.delayMs
    : TOKEN_REFRESH_RETRY.wait.maxMs;
export const MAX_LOCK_HOLD_MS =
  (TOKEN_REFRESH_RETRY.retries + 1) * DEFAULT_REQUEST_TIMEOUT_MS +
  TOKEN_REFRESH_RETRY.retries * REFRESH_DELAY_MS +
  LOGOUT_REQUEST_TIMEOUT_MS;
/** How long to wait for the lock by default: the longest hold, and some slack for the disk. */
export const DEFAULT_LOCK_WAIT_MS = MAX_LOCK_HOLD_MS + 15_000;
/** A lock file still empty or unreadable after this was left by a process that died creating it. */
const HALF_WRITTEN_MS = 5_000;
const POLL_MIN_MS = 10;
const POLL_MAX_MS = 200;

/** Who holds a lock file: written into it, so only the owner releases it. */
interface LockOwner {
  pid: number;
  host: string;
  token: string;
  /**
   * When the owner's process started (Linux: boot id and start tick), so that a pid reused by
   * another program after a crash or a restart is not taken for the owner. Absent where /proc is
   * missing and in files of older SDKs.
   */
  started?: string;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What `LockHold.confirm` found. */
export type LockState =
  /** The lock file still names this hold. */
  | 'held'
  /** The lock file was gone (deleted by hand) and this hold created it again. */
  | 'retaken'
  /** The lock file names another owner, or this hold was released: it is not this hold's. */
  | 'lost';

/** A hold on a lock, for a long holder that checks it still has it. */
export interface LockHold {
  /** Whether the lock is still this hold's; a lock file deleted meanwhile is created again. */
  confirm(): Promise<LockState>;
  /** Releases the lock (only while it still names this hold), after any `confirm` in progress. */
  release(): Promise<void>;
}

export interface FileLockOptions {
  /** How long `acquire` waits for a held lock (default: the session lock's longest hold, and slack). */
  waitMs?: number;
  /** What the lock guards, for error messages (default "token lock"). */
  label?: string;
  /**
   * After how long a lock held from another host (a shared disk, whose pid cannot be checked)
   * counts as abandoned; default the session lock's longest hold. Infinity: never, a person decides.
   */
  foreignHoldMs?: number;
}

/**
 * A lock file shared by processes (created exclusively at `path`). The file names its owner
 * (pid, host, when it started, and a token unique to this hold); a waiter takes it over only
 * when that owner is gone (its pid no longer runs on this host, or, where Linux's /proc tells,
 * belongs to a process that started at another time), and a holder removes it only while it
 * still names it. Owners on another host (a shared disk) cannot be checked: their lock counts as abandoned
 * after `foreignHoldMs`.
 */
export class FileLock {
  readonly path: string;
  readonly #waitMs: number;
  readonly #label: string;
  readonly #foreignHoldMs: number;

  constructor(path: string, options: FileLockOptions = {}) {
    this.path = path;
    this.#waitMs = options.waitMs ?? DEFAULT_LOCK_WAIT_MS;
    this.#label = options.label ?? 'token lock';
    this.#foreignHoldMs = options.foreignHoldMs ?? MAX_LOCK_HOLD_MS;
  }

  /**
   * Takes the lock if it is free or abandoned, without waiting: the function that releases it,
   * or null while another live process holds it (`holder()` says who).
   */
  async tryAcquire(): Promise<(() => Promise<void>) | null> {
    const hold = await this.tryHold();
    return hold ? () => hold.release() : null;
  }

  /**
   * Like `tryAcquire`, for a holder that keeps the lock a long time (a bulk run): the hold can
   * `confirm` that the lock file still names it, since a person may delete it, or another
   * process judge it abandoned, while it is held.
   */
  async tryHold(): Promise<LockHold | null> {
    const owner = await ownOwner();
    if (await this.#tryCreate(owner)) return this.#hold(owner);
    await this.#removeIfAbandoned();
    if (await this.#tryCreate(owner)) return this.#hold(owner);
    return null;
  }

  #hold(owner: LockOwner): LockHold {
    let released = false;
    // Checks run one at a time, and release waits for the one in progress: a check that found
    // the file gone must not create it again after the release removed it.
    let checking: Promise<unknown> = Promise.resolve();
    return {
      confirm: () => {
        const state = checking.then(() => (released ? ('lost' as const) : this.#confirm(owner)));
        checking = state.catch(() => undefined);
        return state;
      },
      release: async () => {
        released = true;
        await checking;
        await this.#release(owner);
      },
    };
  }

  async #confirm(owner: LockOwner): Promise<LockState> {
    for (;;) {
      let text: string;
      try {
        text = await readFile(this.path, 'utf8');
      } catch (error) {
        // Unreadable for another reason: it cannot be told to be lost, so it still counts as held.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return 'held';
        if (await this.#tryCreate(owner)) return 'retaken';
        continue; // Created by someone else between the two steps: read whose it is.
      }
      // Empty or half written: another process is between creating and writing it.
      const named = parseOwner(text);
      if (named === null) return 'lost';
      return named.token === owner.token ? 'held' : 'lost';
    }
  }

  /** Waits for the lock and returns the function that releases it. */
  async acquire(): Promise<() => Promise<void>> {
    const owner = await ownOwner();
    const deadline = Date.now() + this.#waitMs;
    for (let poll = POLL_MIN_MS; ; poll = Math.min(poll * 2, POLL_MAX_MS)) {
      if (await this.#tryCreate(owner)) return () => this.#release(owner);
      await this.#removeIfAbandoned();
      if (Date.now() > deadline) {
        throw new Error(
          `Timed out after ${Math.round(this.#waitMs / 1000)} s waiting for the ${this.#label} ${this.path}, held by ${await this.holder()}`,
        );
      }
      await pause(poll);
    }
  }

  async #tryCreate(owner: LockOwner): Promise<boolean> {
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(this.path, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
    try {
      await handle.writeFile(JSON.stringify(owner));
    } finally {
      await handle.close();
    }
    return true;
  }

  async #release(owner: LockOwner): Promise<void> {
    const text = await readFile(this.path, 'utf8').catch(() => null);
    // Someone took the file over (it was deemed abandoned, or removed by hand): it is theirs now.
    if (text === null || parseOwner(text)?.token !== owner.token) return;
    await rm(this.path, { force: true });
  }

  /**
   * Removes the lock file if its owner is gone. Waiters do this one at a time, behind
   * `<path>.takeover`: two waiters that judged the same abandoned file would otherwise both
   * remove "it", the second removing the fresh lock the first had just made, and both would hold
   * the lock. A waiter that finds a takeover in progress leaves it to the other.
   */
  async #removeIfAbandoned(): Promise<void> {
    // The usual case, a live owner, costs no guard: only a lock that looks abandoned is judged
    // again behind it.
    if ((await this.#abandonedLock()) === null) return;
    const guard = `${this.path}.takeover`;
    if (!(await enterGuard(guard))) return;
    try {
      await this.#removeJudged();
    } finally {
      await rm(guard, { force: true });
    }
  }

  /** The lock file's text when its owner is gone, else null (free, or held by a live owner). */
  async #abandonedLock(): Promise<string | null> {
    const seen = await readFile(this.path, 'utf8').catch(() => null);
    if (seen === null) return null;
    const holder = parseOwner(seen);
    const ageMs = await stat(this.path).then(
      (info) => Date.now() - info.mtimeMs,
      () => 0,
    );
    const abandoned =
      holder === null
        ? ageMs > HALF_WRITTEN_MS
        : holder.host === hostname()
          ? !(await isOwnerRunning(holder))
          : ageMs > this.#foreignHoldMs;
    return abandoned ? seen : null;
  }

  async #removeJudged(): Promise<void> {
    // Judged again inside the guard: a lock made since this waiter last looked is someone's.
    const seen = await this.#abandonedLock();
    if (seen === null) return;
    // Move it aside atomically, then make sure what was moved is what was judged: its owner may
    // have released it, and another process made a fresh one, since it was read.
    const aside = `${this.path}.${process.pid}.${randomUUID()}.stale`;
    try {
      await rename(this.path, aside);
    } catch {
      return;
    }
    const moved = await readFile(aside, 'utf8').catch(() => null);
    if (moved !== seen) await link(aside, this.path).catch(() => undefined);
    await rm(aside, { force: true });
  }

  /** Who holds the lock now, as "process 123 on host"; "an unknown process" when unreadable. */
  async holder(): Promise<string> {
    const text = await readFile(this.path, 'utf8').catch(() => null);
    const holder = text === null ? null : parseOwner(text);
    return holder ? `process ${holder.pid} on ${holder.host}` : 'an unknown process';
  }
}

/**
 * Creates the takeover guard; false while another waiter holds it. A guard left by a process that
 * died during a takeover (which lasts milliseconds) is removed once it is older than a few seconds.
 */
async function enterGuard(guard: string, retry = true): Promise<boolean> {
  try {
    await (await open(guard, 'wx', 0o600)).close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const ageMs = await stat(guard).then(
    (info) => Date.now() - info.mtimeMs,
    () => 0,
  );
  if (ageMs <= HALF_WRITTEN_MS || !retry) return false;
  await rm(guard, { force: true });
  return enterGuard(guard, false);
}

/** The owner named in a lock file; files of older SDKs hold just a pid. */
function parseOwner(text: string): LockOwner | null {
  if (/^\d+$/.test(text.trim())) return { pid: Number(text.trim()), host: hostname(), token: '' };
  try {
    const data = JSON.parse(text) as Partial<LockOwner> | null;
    if (typeof data?.pid === 'number' && typeof data.host === 'string' && typeof data.token === 'string') {
      const owner: LockOwner = { pid: data.pid, host: data.host, token: data.token };
      if (typeof data.started === 'string') owner.started = data.started;
      return owner;
    }
  } catch {
    // Half written: the owner is between creating and writing it.
  }
  return null;
}

/** This process as a lock's owner, with a token unique to one hold. */
async function ownOwner(): Promise<LockOwner> {
  const owner: LockOwner = { pid: process.pid, host: hostname(), token: randomUUID() };
  const started = await processStart(process.pid);
  if (started !== undefined) owner.started = started;
  return owner;
}

/**
 * Whether the lock's owner still runs: its pid runs on this host and, when the lock says when the
 * owner started, the process with that pid started then too (not a later program given the same
 * pid). What cannot be read counts as running: a live owner must never lose its lock to a guess.
 */
async function isOwnerRunning(owner: LockOwner): Promise<boolean> {
  if (!isRunning(owner.pid)) return false;
  if (owner.started === undefined) return true;
  const started = await processStart(owner.pid);
  return started === undefined || started === owner.started;
}

let bootId: Promise<string | undefined> | undefined;

/**
 * When a process started, as "<boot id>:<start tick>" from Linux's /proc (the tick counts from
 * boot, so the boot id tells two boots apart); undefined where /proc cannot say.
 */
async function processStart(pid: number): Promise<string | undefined> {
  bootId ??= readFile('/proc/sys/kernel/random/boot_id', 'utf8').then(
    (text) => text.trim() || undefined,
    () => undefined,
  );
  const boot = await bootId;
  if (boot === undefined) return undefined;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (stat === undefined) return undefined;
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so fields are counted from
  // the last ')'. After it come fields 3 onwards; the start time is field 22.
  const tick = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  return tick && /^\d+$/.test(tick) ? `${boot}:${tick}` : undefined;
}

/** Whether a process with this pid runs on this host (EPERM: it runs, as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
