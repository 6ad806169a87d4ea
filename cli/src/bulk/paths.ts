/**
 * The files a bulk run writes (journal, failures, report), checked before it reads its journal
 * or sends anything. A slip of the hand (`--failures spam.csv`) must not truncate or delete the
 * input, two outputs in one file would interleave, a journal that is a device or a FIFO would be
 * read forever, and a failures file or report that cannot be written would only be found out
 * once rows were sent. The failures file and the report are never written through a symlink,
 * save the process's own streams named by path (`--report /dev/stdout`), which the user chose by
 * redirecting them.
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

/**
 * The process's own descriptor that `path` names (`/dev/stdin`, `/dev/stdout`, `/dev/stderr`,
 * `/dev/fd/N`, `/proc/self/fd/N`), if it names one. Such a path is a stream the user set up by
 * redirecting (`>> run.log`, `| jq`, `3> r.json`), not a link that someone could plant: it is
 * written as that stream, never truncated or created.
 */
export function ownDescriptor(path: string): number | undefined {
  const full = resolve(path);
  const standard = ['/dev/stdin', '/dev/stdout', '/dev/stderr'].indexOf(full);
  if (standard >= 0) return standard;
  const match = /^\/(?:dev|proc\/(self|thread-self|\d+))\/fd\/(\d+)$/.exec(full);
  if (!match) return undefined;
  const pid = match[1];
  if (pid !== undefined && /^\d+$/.test(pid) && Number(pid) !== process.pid) return undefined;
  return Number(match[2]);
}

/** Standard output and error are written through the descriptors the process was given. */
const isStandardOutput = (fd: number | undefined): fd is 1 | 2 => fd === 1 || fd === 2;

const STREAM_NAMES = ['standard input', 'standard output', 'standard error'];
const streamName = (fd: number) => STREAM_NAMES[fd] ?? `descriptor ${fd}`;

function fstatOf(fd: number): Stats | undefined {
  try {
    return fstatSync(fd);
  } catch {
    return undefined;
  }
}

export interface RunPaths {
  /** The input, `-` for stdin. */
  input: string;
  /** The journal, when the run reads it. */
  journal: string | undefined;
  /** Whether --journal named it (else it is the default beside the input). */
  journalGiven: boolean;
  /** Whether the run writes the journal too (a real run). */
  journalWritten: boolean;
  /** The failures file, when the run writes it. */
  failures: string | undefined;
  report: string | undefined;
  /** Whether the run prints its rows on stdout (`--dry-run`, in the `-o` format). */
  dataOnStdout: boolean;
}

export function checkRunPaths(paths: RunPaths): void {
  // The input first: a file that is not there is the problem, not the journal beside it.
  let input: Stats | undefined;
  try {
    input = paths.input === '-' ? undefined : statSync(paths.input);
  } catch (error) {
    const code = codeOf(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') throw usageError(`Cannot read ${paths.input}: no such file`);
    // Anything else (no permission) is said by the reading, as before.
  }
  const outputs = (
    [
      ['--journal', paths.journal],
      ['--failures', paths.failures],
      ['--report', paths.report],
    ] as const
  ).flatMap(([flag, path]) => {
    if (path === undefined) return [];
    const own = ownDescriptor(path);
    return [{ flag, path, own, stats: own === undefined ? statOf(path) : fstatOf(own) }];
  });
  for (const output of outputs) checkOwnStream(output, paths.dataOnStdout);
  const journal = outputs.find((output) => output.flag === '--journal');
  if (journal && journal.own === undefined) checkJournalFile(journal.path, paths.journalGiven);
  for (const output of outputs) {
    if (input && sameFile(input, output.stats, paths.input, output.path)) {
      throw usageError(`${output.flag} ${output.path} is the input file: the run would overwrite it`);
    }
  }
  for (const [index, a] of outputs.entries()) {
    for (const b of outputs.slice(index + 1)) {
      if (sameFile(a.stats, b.stats, a.path, b.path) || (a.own !== undefined && a.own === b.own)) {
        throw usageError(`${a.flag} and ${b.flag} name the same file ${b.path}: give each its own`);
      }
    }
  }
  for (const output of outputs) {
    // The journal (no link, checked above): one that exists must be writable, a new one needs a
    // folder to be made in.
    if (output.own !== undefined) continue;
    if (output.flag !== '--journal') checkWritable(output.flag, output.path);
    else if (paths.journalWritten && output.stats) checkAccess(output.flag, output.path, output.path);
    else if (paths.journalWritten) checkFolder(output.flag, output.path);
  }
}

/** How messages name the journal: by the option that named it, or as the default it is. */
export const journalName = (path: string, given: boolean) =>
  given ? `--journal ${path}` : `The journal ${path} (the default for --journal)`;

/**
 * The journal, when something is at its path: a regular file of its own. Never a symbolic link,
 * like the failures file and the report: followed, a link planted at the default path (in a
 * shared folder) would make the run create, or append to, whatever file it names (a dangling one
 * makes its target). The advice fits what was asked: to leave --journal out only when it was given.
 */
function checkJournalFile(path: string, given: boolean): void {
  let stats: Stats;
  try {
    stats = lstatSync(path);
  } catch {
    return;
  }
  const named = journalName(path, given);
  const other = given
    ? 'omit --journal for the default beside the input, or name another file'
    : 'or name another file with --journal';
  if (stats.isSymbolicLink()) {
    throw usageError(
      `${named} is a symbolic link (to ${readlinkSync(path)}): a run never writes its journal through a link, which would create or append to the file it points at. Remove the link, ${given ? 'or name another file with --journal' : other}`,
    );
  }
  if (!stats.isFile()) {
    throw usageError(
      `${named} is not a regular file: a journal is a file of its own (${given ? other : `remove it, ${other}`})`,
    );
  }
}

/**
 * An output named by one of the process's own streams: only the failures file and the report, on
 * a descriptor that is open and not stdin, and not the stdout that carries a dry run's rows. A
 * file named by its own path that stdout goes to (`> plan.json --report plan.json`) is refused
 * there too: the report would replace the rows.
 */
function checkOwnStream(
  output: { flag: string; path: string; own: number | undefined; stats: Stats | undefined },
  dataOnStdout: boolean,
): void {
  const { flag, path, own } = output;
  if (own !== undefined) {
    const name = streamName(own);
    if (flag === '--journal') {
      throw usageError(
        `--journal ${path} is ${name}: a journal is a file of its own, read again by --resume (omit --journal for the default beside the input)`,
      );
    }
    if (own === 0) throw usageError(`${flag} ${path} is ${name}, which is read, not written: name a file`);
    if (!output.stats) {
      throw usageError(
        `${flag} ${path}: ${name} is not open: name a file, or open it in the shell (${own}> file)`,
      );
    }
  }
  if (!dataOnStdout || flag === '--journal') return;
  const stdout = fstatOf(1);
  // A terminal or /dev/null: the rows are read there by a person, or go nowhere.
  if (!stdout || stdout.isCharacterDevice()) return;
  const onStdout =
    own === 1 ||
    (output.stats !== undefined && output.stats.dev === stdout.dev && output.stats.ino === stdout.ino);
  if (!onStdout) return;
  throw usageError(
    own === 1
      ? `${flag} ${path} is standard output, where --dry-run prints its rows (-o): the two would be mixed into one stream that no reader can take apart. Name a file (${flag} run.json), or send the report to standard error (${flag} /dev/stderr)`
      : `${flag} ${path} is where standard output goes, where --dry-run prints its rows (-o): the report would replace them. Name another file`,
  );
}

const codeOf = (error: unknown) =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;

/** A pipe, a socket or a character device (`/dev/null`, a terminal): written into, nothing to truncate. */
const isStream = (stats: Stats) => stats.isFIFO() || stats.isSocket() || stats.isCharacterDevice();

function checkAccess(flag: string, path: string, target: string): void {
  try {
    accessSync(target, constants.W_OK | (target === path ? 0 : constants.X_OK));
  } catch (error) {
    const what = target === path ? 'cannot be written' : `cannot be created in ${target}`;
    throw usageError(`${flag} ${path} ${what} (${codeOf(error) ?? String(error)}): name another file`);
  }
}

/** A file that does not exist yet can be made at `path`: its folder exists and may be written. */
function checkFolder(flag: string, path: string): void {
  const folder = dirname(path);
  let parent: Stats;
  try {
    parent = statSync(folder);
  } catch (error) {
    if (codeOf(error) === 'ENOTDIR') throw usageError(`${flag} ${path}: a part of ${folder} is not a folder`);
    throw usageError(`${flag} ${path}: the folder ${folder} does not exist: create it or name another file`);
  }
  if (!parent.isDirectory()) throw usageError(`${flag} ${path}: ${folder} is not a folder`);
  checkAccess(flag, path, folder);
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
    const code = codeOf(error);
    if (code !== 'ENOENT' && code !== 'ENOTDIR')
      throw usageError(`${flag} ${path} cannot be reached (${code ?? String(error)})`);
    checkFolder(flag, path);
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
  const own = ownDescriptor(path);
  // Standard output and error are written where they stand (a `>` file at its offset, a `>>` one
  // at its end, a pipe), through the descriptor the shell opened; never truncated or reopened.
  if (isStandardOutput(own)) return own;
  // Another of the process's descriptors (`3> r.json`, bash's `>(...)`): opened anew, appended to.
  if (own !== undefined) return openSync(path, constants.O_WRONLY | constants.O_APPEND);
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

/** Closes what `openOutput` opened: standard output and error stay open for the rest of the run. */
export function closeOutput(path: string, fd: number): void {
  if (!isStandardOutput(ownDescriptor(path))) closeSync(fd);
}
