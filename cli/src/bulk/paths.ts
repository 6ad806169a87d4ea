/**
 * The files a bulk run writes (journal, failures, report), checked before it reads its journal
 * or sends anything. A slip of the hand (`--failures spam.csv`) must not truncate or delete the
 * input, two outputs in one file would interleave, and a journal that is a device or a FIFO
 * would be read forever.
 */
import { realpathSync, type Stats, statSync } from 'node:fs';
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
}
