/**
 * One run per journal file, whatever path reaches it. A run holds two locks (the SDK's
 * `FileLock`: pid, host, when the process started) from before it reads its journal to after its
 * last record:
 *
 * - `<journal>.lock` beside the journal's real path: the lock a second run on the same path, or on
 *   one through a symlinked folder, meets, and the one a run on another machine sharing the disk
 *   meets (its pid cannot be checked from here, so it is never taken over by guess);
 * - a lock named after the file itself (its device and inode, on this host) in the user's
 *   `journal-locks` folder: the one a second run meets that reaches the same file by another name,
 *   a hard link in the same folder or another, a bind mount, or a journal moved meanwhile. A lock
 *   beside the path alone let such a run send every row the first had not journaled yet.
 *
 * The journal itself is opened once, here, without following a symlink (one planted at its path
 * would make the run create or append to the file it points at), and the run reads and appends
 * through that descriptor: the file locked is the file written.
 */
import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, unlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { FileLock, type LockHold } from '@matchmaker/sdk/node';
import { CliError, EXIT, usageError } from '../exit';
import { realPath } from './paths';

/** The journal a run holds: its descriptor, open for reading and appending. */
export interface OpenJournal {
  path: string;
  fd: number;
}

export interface HeldJournal {
  journal: OpenJournal;
  /**
   * Stops the watch, removes a journal this run created and left empty (it recorded no row: its
   * input failed its check, a signal came first, nothing was left to do), closes it and releases
   * both locks.
   */
  release(): Promise<void>;
}

/** What a run hears from the watch over its journal's locks. */
export interface LockWatch {
  /** A lock file was deleted during the run and has been made again. */
  warn(text: string): void;
  /** Another run has a lock now: this run must stop taking rows. */
  onLost(error: CliError): void;
}

/** How often a run checks that its journal's locks are still its own. */
const LOCK_CHECK_MS = 1_000;

const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

const codeOf = (error: unknown) =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;

/** Opens (or creates, 0600) the journal without following a symlink; says whether it created it. */
function openJournal(path: string, named: string): { fd: number; created: boolean } {
  const flags = constants.O_RDWR | constants.O_APPEND | NO_FOLLOW;
  try {
    try {
      return { fd: openSync(path, flags | constants.O_CREAT | constants.O_EXCL, 0o600), created: true };
    } catch (error) {
      if (codeOf(error) !== 'EEXIST') throw error;
      return { fd: openSync(path, flags), created: false };
    }
  } catch (error) {
    if (codeOf(error) === 'ELOOP' || codeOf(error) === 'EEXIST')
      throw usageError(`${named} is a symbolic link: a run never writes its journal through a link`);
    throw usageError(`Cannot open ${named}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function inUse(path: string, holder: string, lock: FileLock, sameName: boolean): CliError {
  const where = sameName
    ? `If no such run is going (it ran on another machine), delete ${lock.path}`
    : 'It reached the same file by another name (a hard link, or another path to its folder)';
  return new CliError(
    `Journal ${path} is in use by another run (${holder}): wait for it to finish or stop it. ${where}`,
    EXIT.error,
    'JOURNAL_IN_USE',
  );
}

async function hold(lock: FileLock, path: string): Promise<LockHold | null> {
  try {
    return await lock.tryHold();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw usageError(`Cannot lock the journal ${path} (${lock.path}): ${reason}`);
  }
}

/**
 * Takes both locks of the journal at `path` (see above) and opens it. `named` is how messages
 * name the journal (`--journal j.ndjson`, or the default's own words); `lockDir` the user's
 * folder of locks named after files. A lock left by a run that was killed (its process gone, on
 * this host) is taken over, so `--resume` after SIGKILL just works.
 *
 * While the run goes the locks are checked every second: one deleted by hand is made again (with
 * a warning), so a second run cannot start; one another run has taken meanwhile is `onLost`.
 */
export async function lockJournal(
  path: string,
  named: string,
  lockDir: string,
  watch: LockWatch,
): Promise<HeldJournal> {
  const byPath = new FileLock(`${realPath(path)}.lock`, {
    label: 'journal lock',
    foreignHoldMs: Number.POSITIVE_INFINITY,
  });
  const pathHold = await hold(byPath, path);
  if (!pathHold) throw inUse(path, await byPath.holder(), byPath, true);
  let opened: { fd: number; created: boolean; file: { dev: number; ino: number } } | undefined;
  let fileHold: LockHold | null = null;
  // Removes a journal this run created and recorded nothing in (the next run is not bound to
  // it), while both locks are still held, then lets the file and the locks go.
  const letGo = async () => {
    if (opened) {
      const { fd, created, file } = opened;
      if (created && fstatSync(fd).size === 0 && sameInode(path, file)) unlinkSync(path);
      closeSync(fd);
    }
    await fileHold?.release();
    await pathHold.release();
  };
  try {
    const { fd, created } = openJournal(path, named);
    const file = fstatSync(fd);
    opened = { fd, created, file };
    if (!file.isFile()) throw usageError(`${named} is not a regular file: a journal is a file of its own`);
    mkdirSync(lockDir, { recursive: true, mode: 0o700 });
    const host = hostname().replace(/[^\w.-]/g, '_');
    const byFile = new FileLock(join(lockDir, `${host}-${file.dev}-${file.ino}.lock`), {
      label: 'journal lock',
    });
    fileHold = await hold(byFile, path);
    if (!fileHold) throw inUse(path, await byFile.holder(), byFile, false);
    const stop = new AbortController();
    const watching = watchLocks(path, [byPath, byFile], [pathHold, fileHold], watch, stop.signal);
    return {
      journal: { path, fd },
      release: async () => {
        stop.abort();
        await watching;
        await letGo();
      },
    };
  } catch (error) {
    await letGo();
    throw error;
  }
}

/** Whether `path` still names the file `file` is (it was not moved or replaced meanwhile). */
function sameInode(path: string, file: { dev: number; ino: number }): boolean {
  try {
    const now = lstatSync(path);
    return now.dev === file.dev && now.ino === file.ino;
  } catch {
    return false;
  }
}

async function watchLocks(
  path: string,
  locks: FileLock[],
  holds: LockHold[],
  watch: LockWatch,
  signal: AbortSignal,
): Promise<void> {
  for (;;) {
    try {
      await sleep(LOCK_CHECK_MS, undefined, { signal });
    } catch {
      return;
    }
    for (const [index, held] of holds.entries()) {
      const lock = locks[index];
      if (!lock) continue;
      // A check that fails (the disk, for a moment) says nothing about who holds the lock.
      const state = await held.confirm().catch(() => 'held' as const);
      if (state === 'retaken') {
        watch.warn(
          `Warning: the journal lock ${lock.path} was deleted during this run; it is taken again. Delete a lock only when no run is going.`,
        );
      } else if (state === 'lost') {
        watch.onLost(
          new CliError(
            `Journal ${path} was taken by another run (${await lock.holder()}) during this one: this run stopped taking rows, and its rows in flight finished and are journaled. Let the other run finish, then run again with --resume`,
            EXIT.error,
            'JOURNAL_IN_USE',
          ),
        );
        return;
      }
    }
  }
}
