/**
 * The `--data` snapshot file: the whole state as one JSON document, replaced atomically
 * (temporary file, fsync, rename) so a crash leaves either the old snapshot or the new one.
 *
 * The text is built and written in chunks of about 64 KB, record by record, rather than as one
 * string: a single `JSON.stringify` of the state is a string of several MB (4.8 MB for the seed)
 * per snapshot, too big for V8's young generation, so each one stayed in the large-object space
 * until the next full collection and the process's resident memory rose and fell by tens of MB
 * with the snapshots. Chunks this size die young. The chunks are written synchronously, in one
 * turn of the event loop, so the file is the state at one instant; only the fsync and the rename,
 * which take the longest on a busy disk, run off the event loop (`commitAsync`).
 */
import {
  close,
  closeSync,
  existsSync,
  fsync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  rename,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { SandboxData } from './types';

/** Below V8's large-object size (128 KB), so a chunk is ordinary young garbage once written. */
const CHUNK_CHARS = 64 * 1024;

/** A snapshot written to its temporary file, not yet durable nor in place. */
export interface WrittenSnapshot {
  temp: string;
  fd: number;
  bytes: number;
}

/**
 * The JSON text of `data`, in pieces whose concatenation is exactly `JSON.stringify(data)`: the
 * top-level collections are split into their records (arrays by item, dictionaries by entry).
 */
export function* snapshotPieces(data: SandboxData): Generator<string> {
  yield '{';
  let first = true;
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || typeof value === 'function') continue;
    yield `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    if (
      typeof value !== 'object' ||
      value === null ||
      typeof (value as { toJSON?: unknown }).toJSON === 'function'
    ) {
      yield JSON.stringify(value);
    } else if (Array.isArray(value)) {
      yield '[';
      for (let i = 0; i < value.length; i++) yield `${i ? ',' : ''}${JSON.stringify(value[i]) ?? 'null'}`;
      yield ']';
    } else {
      yield '{';
      let firstEntry = true;
      for (const [name, item] of Object.entries(value as Record<string, unknown>)) {
        const text = JSON.stringify(item);
        if (text === undefined) continue;
        yield `${firstEntry ? '' : ','}${JSON.stringify(name)}:${text}`;
        firstEntry = false;
      }
      yield '}';
    }
  }
  yield '}';
}

/** Writes `data` to a new temporary file beside `file`, synchronously, in chunks; not yet fsynced. */
export function writeSnapshotTemp(file: string, data: SandboxData): WrittenSnapshot {
  const temp = `${file}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w');
  let bytes = 0;
  const writeAll = (text: string) => {
    const buffer = Buffer.from(text);
    for (let done = 0; done < buffer.length; ) done += writeSync(fd, buffer, done);
    bytes += buffer.length;
  };
  try {
    let chunk = '';
    for (const piece of snapshotPieces(data)) {
      chunk += piece;
      if (chunk.length >= CHUNK_CHARS) {
        writeAll(chunk);
        chunk = '';
      }
    }
    writeAll(chunk);
  } catch (error) {
    closeSync(fd);
    unlinkSync(temp);
    throw error;
  }
  return { temp, fd, bytes };
}

/** Makes a written snapshot durable and puts it in place, blocking (on close, after a replay). */
export function commitSync(snapshot: WrittenSnapshot, file: string): void {
  try {
    fsyncSync(snapshot.fd);
  } finally {
    closeSync(snapshot.fd);
  }
  renameSync(snapshot.temp, file);
}

const fsyncAsync = promisify(fsync);
const closeAsync = promisify(close);
const renameAsync = promisify(rename);

/** The same off the event loop: requests go on being answered (and journaled) meanwhile. */
export async function commitAsync(snapshot: WrittenSnapshot, file: string): Promise<void> {
  try {
    await fsyncAsync(snapshot.fd);
  } finally {
    await closeAsync(snapshot.fd);
  }
  await renameAsync(snapshot.temp, file);
}

/** The snapshot's data, or undefined when there is no snapshot yet. */
export function loadSnapshot(file: string): SandboxData | undefined {
  if (!existsSync(file)) return undefined;
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null || (parsed as { version?: unknown }).version !== 1) {
    throw new Error(`${file} is not a sandbox data file (version 1)`);
  }
  return parsed as SandboxData;
}

/** Deletes `FILE.*.tmp` left by a crash in the middle of writing a snapshot. */
export function removeLeftovers(file: string): void {
  const dir = dirname(file);
  if (!existsSync(dir)) return;
  const prefix = `${basename(file)}.`;
  for (const name of readdirSync(dir)) {
    if (name.startsWith(prefix) && name.endsWith('.tmp')) unlinkSync(join(dir, name));
  }
}
