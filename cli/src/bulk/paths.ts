/**
 * The files a bulk run writes (journal, failures, report), checked before it reads its journal
 * or sends anything. A slip of the hand (`--failures spam.csv`) must not truncate or delete the
 * input, two outputs in one file would interleave, a journal that is a device or a FIFO would be
 * read forever, and a failures file or report that cannot be written would only be found out
 * once rows were sent. The failures file and the report are never written through a symlink.
 */
import {
  accessSync,
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readlinkSync,
  realpathSync,
  type Stats,
  statSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { usageError } from '../exit';

/**
 * Where a path leads once symlinks are followed: the file's real path if it exists, else its
 * folder's real path and its name. Two names of one journal must share one lock.
 */
export function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    try {
      return join(realpathSync(dirname(path)), basename(path));
    } catch {
      return resolve(path);
    }
  }
}

function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** Regular files are the same when they are one inode (symlinks and hard links included). */
function sameFile(a: Stats | undefined, b: Stats | undefined, pathA: string, pathB: string): boolean {
  if (a && b) return a.isFile() && b.isFile() && a.dev === b.dev && a.ino === b.ino;
  // Neither exists yet: the same once their folders' symlinks are followed.
  return !a && !b && realPath(pathA) === realPath(pathB);
}

export interface RunPaths {
  /** The input, `-` for stdin. */
  input: string;
  /** The journal, when the run reads it. */
  journal: string | undefined;
  /** Whether the run writes the journal too (a real run). */
  journalWritten: boolean;
  /** The failures file, when the run writes it. */
  failures: string | undefined;
  report: string | undefined;
}

export function checkRunPaths(paths: RunPaths): void {
  const outputs = (
    [
      ['--journal', paths.journal],
      ['--failures', paths.failures],
      ['--report', paths.report],
    ] as const
  ).flatMap(([flag, path]) => (path === undefined ? [] : [{ flag, path, stats: statOf(path) }]));
  const journal = outputs.find((output) => output.flag === '--journal');
  if (journal?.stats && !journal.stats.isFile()) {
    throw usageError(
      `--journal ${journal.path} is not a regular file: a journal is a file of its own (omit --journal for the default beside the input)`,
    );
  }
  const input = paths.input === '-' ? undefined : statOf(paths.input);
  for (const output of outputs) {
    if (input && sameFile(input, output.stats, paths.input, output.path)) {
      throw usageError(`${output.flag} ${output.path} is the input file: the run would overwrite it`);
    }
  }
  for (const [index, a] of outputs.entries()) {
    for (const b of outputs.slice(index + 1)) {
      if (sameFile(a.stats, b.stats, a.path, b.path)) {
        throw usageError(`${a.flag} and ${b.flag} name the same file ${b.path}: give each its own`);
      }
    }
  }
  for (const output of outputs) {
    // The journal is followed through a link (two names of one journal share its lock), and its
    // folder is checked when its lock is taken: only a journal that exists needs a check here.
    if (output.flag !== '--journal') checkWritable(output.flag, output.path);
    else if (paths.journalWritten && output.stats) checkAccess(output.flag, output.path, output.path);
  }
}

const codeOf = (error: unknown) =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;

/** A pipe or a character device (`/dev/null`, a terminal): written into, nothing to truncate. */
const isStream = (stats: Stats) => stats.isFIFO() || stats.isCharacterDevice();

function checkAccess(flag: string, path: string, target: string): void {
  try {
    accessSync(target, constants.W_OK | (target === path ? 0 : constants.X_OK));
  } catch (error) {
    const what = target === path ? 'cannot be written' : `cannot be created in ${target}`;
    throw usageError(`${flag} ${path} ${what} (${codeOf(error) ?? String(error)}): name another file`);
  }
}

/**
 * A failures file or report the run can create or replace: its folder exists and may be
 * written, and the path is a regular file of its own (or nothing yet), a pipe or a device. A
 * symlink that leads anywhere else is refused: writing through it would truncate the file it
 * points at (one planted in a shared folder could be any file the admin may write).
 */
function checkWritable(flag: string, path: string): void {
  let stats: Stats;
  try {
    stats = lstatSync(path);
  } catch (error) {
    const folder = dirname(path);
    const code = codeOf(error);
    if (code === 'ENOTDIR') throw usageError(`${flag} ${path}: a part of ${folder} is not a folder`);
    if (code !== 'ENOENT') throw usageError(`${flag} ${path} cannot be reached (${code ?? String(error)})`);
    let parent: Stats;
    try {
      parent = statSync(folder);
    } catch {
      throw usageError(
        `${flag} ${path}: the folder ${folder} does not exist: create it or name another file`,
      );
    }
    if (!parent.isDirectory()) throw usageError(`${flag} ${path}: ${folder} is not a folder`);
    checkAccess(flag, path, folder);
    return;
  }
  if (stats.isSymbolicLink()) {
    const target = statOf(path);
    if (target && isStream(target)) return;
    throw usageError(
      `${flag} ${path} is a symbolic link (to ${readlinkSync(path)}): a run never writes through a link, which would overwrite the file it points at. Remove the link, or name another file with ${flag}`,
    );
  }
  if (stats.isDirectory()) throw usageError(`${flag} ${path} is a folder: name a file in it`);
  if (isStream(stats)) return;
  if (!stats.isFile()) throw usageError(`${flag} ${path} is not a regular file: name a file`);
  if (stats.nlink > 1) {
    throw usageError(
      `${flag} ${path} has other names (hard links): writing it would change them too; remove it or name another file`,
    );
  }
  checkAccess(flag, path, path);
}

const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * Opens a failures file or report for writing (0600 when created) without following a symlink,
 * also one planted after the run's first check: a link is written into only when it leads to a
 * pipe or a device (`/dev/stdout`), and is opened without truncating or creating anything first.
 */
export function openOutput(path: string, append: boolean): number {
  const flags = constants.O_WRONLY | constants.O_CREAT | (append ? constants.O_APPEND : constants.O_TRUNC);
  try {
    return openSync(path, flags | NO_FOLLOW, 0o600);
  } catch (error) {
    if (codeOf(error) !== 'ELOOP') throw error;
  }
  const fd = openSync(path, constants.O_WRONLY | (append ? constants.O_APPEND : 0));
  if (isStream(fstatSync(fd))) return fd;
  closeSync(fd);
  throw new Error(`${path} is a symbolic link: a run never writes through one`);
}
