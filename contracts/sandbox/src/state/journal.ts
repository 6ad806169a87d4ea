/**
 * `--data FILE` durability: a snapshot plus an append-only journal of the requests that changed
 * the state.
 *
 * - Every state-changing request (any method but GET, HEAD and OPTIONS that reached its handler)
 *   is appended to `FILE.log` with what it read from the clock and chance (recording.ts) before
 *   its answer leaves, so a write the client saw acknowledged survives `kill -9`. The append is one
 *   `write(2)` of one line: its cost does not depend on the size of the state. (It is not fsynced:
 *   an operating-system crash or power loss may lose the last writes; a process crash does not.)
 * - On start the snapshot is loaded and the entries after it are replayed through the same routes
 *   (`app.inject`), with the recorded values fed back, so they change the state as they did.
 * - Now and then (when the journal outgrows twice the snapshot, on close, and after changes made
 *   from code rather than requests) the state is written as a new snapshot (snapshot.ts), and the
 *   journal starts over: `FILE.log` is renamed `FILE.log.old` and a new one opened, the snapshot
 *   is written, fsynced and renamed into place off the event loop while new writes go to the new
 *   journal, then `FILE.log.old` is deleted. One snapshot is in flight at a time; a request for
 *   another meanwhile waits as one pending snapshot. Whenever a crash comes, the snapshot on disk
 *   plus `FILE.log.old` and `FILE.log` (entries newer than the snapshot's `journalSeq`) hold every
 *   acknowledged write. A torn last line (a crash mid-append) and leftover temporary files (a
 *   crash mid-snapshot) are cleaned up on start. An append that fails part-way (a full disk) is
 *   cut back to the last whole entry, so the entries after it start on their own line.
 */
import {
  appendFileSync,
  closeSync,
  existsSync,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type JournalEntry, type MultipartRecord, readEntries, requestOf } from './journal-entries';
import { newRecording, REPLAY_HEADER, REPLAY_SECRET, type Recording, withRecording } from './recording';
import {
  commitAsync,
  commitSync,
  loadSnapshot,
  removeLeftovers,
  type WrittenSnapshot,
  writeSnapshotTemp,
} from './snapshot';
import type { Store } from './store';
import type { SandboxData } from './types';

/** Whether a request may change the state: not a read, and not on a route that opted out (`config: { journal: false }`). */
function journaled(request: FastifyRequest): boolean {
  const { method } = request;
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false;
  // No route took it (a 404 or 405): it changed nothing, and a replay would only be refused again.
  if (request.is404) return false;
  return (request.routeOptions.config as { journal?: boolean } | undefined)?.journal !== false;
}
/** Headers that describe the connection or the body's framing, which a replay sets itself. */
const SKIPPED_HEADERS = new Set([
  'content-length',
  'connection',
  'transfer-encoding',
  'keep-alive',
  'expect',
]);
/**
 * The journal is folded into a new snapshot once it is at least this big and twice the snapshot's
 * size: writing the snapshot costs about as much as the journal it replaces, so each write pays a
 * constant share, whatever the size of the state.
 */
const MIN_COMPACT_BYTES = 4 * 1024 * 1024;
const COMPACT_FACTOR = 2;

interface Pending {
  recording: Recording;
  body?: string;
  multipart?: MultipartRecord;
}

export class Journal {
  private readonly logFile: string;
  /** The journal set aside while a snapshot is written (it holds entries up to the snapshot's). */
  private readonly oldLogFile: string;
  private fd: number | undefined;
  private seq: number;
  private logBytes = 0;
  private snapshotBytes = 0;
  private readonly pending = new WeakMap<FastifyRequest, Pending>();
  private compactTimer: NodeJS.Timeout | undefined;
  private compactQueued = false;
  private readonly stopListening: () => void;
  private replaying = false;

  /** Loads the snapshot's data (undefined when there is none yet) and opens the journal. */
  static open(file: string): {
    data: SandboxData | undefined;
    journal: (store: Store, debounceMs: number) => Journal;
  } {
    mkdirSync(dirname(file), { recursive: true });
    removeLeftovers(file);
    const data = loadSnapshot(file);
    return { data, journal: (store, debounceMs) => new Journal(file, store, debounceMs) };
  }

  private constructor(
    private readonly file: string,
    private readonly store: Store,
    private readonly debounceMs: number,
  ) {
    this.logFile = `${file}.log`;
    this.oldLogFile = `${file}.log.old`;
    this.seq = store.data.journalSeq ?? 0;
    // Changes made from code (tests, provider states set up in process) go through no request:
    // they reach the file with the next snapshot, written shortly after.
    this.stopListening = store.onChange((fromRequest) => {
      if (!fromRequest && !this.replaying && !this.inRequest) this.scheduleCompaction();
    });
  }

  /** Set while a journaled handler runs, so its own `touch()` is not taken for a change from code. */
  private inRequest = false;

  /** Hooks every route: a state-changing request runs with a recording and is appended before its answer. */
  install(app: FastifyInstance): void {
    app.addHook('onRoute', (route) => {
      if ((route.config as { journal?: boolean } | undefined)?.journal === false) return;
      const handler = route.handler;
      route.handler = function journaled(this: FastifyInstance, request, reply) {
        const pending = journal.pending.get(request);
        if (!pending) return handler.call(this, request, reply);
        journal.inRequest = true;
        try {
          return withRecording(pending.recording, () => handler.call(this, request, reply));
        } finally {
          journal.inRequest = false;
        }
      };
    });
    const journal = this;
    app.addHook('preHandler', (request, _reply, done) => {
      if (journaled(request) && !this.pending.has(request))
        this.pending.set(request, { recording: this.recordingForRequest() });
      done();
    });
    // The answer leaves only once its entry is written (group commit: one write for the entries
    // of every request answered in the same turn of the event loop).
    app.addHook('onSend', (request, _reply, payload, done) => {
      const pending = this.pending.get(request);
      if (!pending || this.replaying || !journaled(request)) {
        done(null, payload);
        return;
      }
      this.append(request, pending, (error) => (error ? done(error) : done(null, payload)));
    });
  }

  /** Keeps the raw body of a request, for its journal entry (called by the body parsers). */
  keepBody(request: FastifyRequest, body: string): void {
    if (!journaled(request)) return;
    const pending = this.pending.get(request) ?? { recording: this.recordingForRequest() };
    pending.body = body;
    this.pending.set(request, pending);
  }

  /** Keeps a parsed multipart body, and runs the rest of the handler with the request's recording. */
  resume<T>(request: FastifyRequest, multipart: MultipartRecord | undefined, work: () => T): T {
    const pending = this.pending.get(request);
    if (!pending) return work();
    if (multipart) pending.multipart = multipart;
    this.inRequest = true;
    try {
      return withRecording(pending.recording, work);
    } finally {
      this.inRequest = false;
    }
  }

  /** The recording a replayed request must use, registered before it is injected. */
  private replayRecording: Recording | undefined;

  private recordingForRequest(): Recording {
    return (this.replaying ? this.replayRecording : undefined) ?? newRecording();
  }

  private append(request: FastifyRequest, pending: Pending, written: (error?: Error) => void): void {
    this.pending.delete(request);
    this.seq += 1;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string' && !SKIPPED_HEADERS.has(name)) headers[name] = value;
    }
    const entry: JournalEntry = {
      seq: this.seq,
      method: request.method,
      url: request.url,
      headers,
      ip: request.ip,
      clock: pending.recording.clock,
      random: pending.recording.random,
      flags: pending.recording.flags,
    };
    if (pending.multipart) entry.multipart = pending.multipart;
    else if (pending.body !== undefined) entry.body = pending.body;
    const line = `${JSON.stringify(entry)}\n`;
    this.batch.push(line);
    this.batchWaiters.push(written);
    this.logBytes += Buffer.byteLength(line);
    if (!this.flushQueued) {
      this.flushQueued = true;
      setImmediate(() => this.flush());
    }
  }

  /** Entries waiting for the next write, and the answers waiting for them. */
  private batch: string[] = [];
  private batchWaiters: ((error?: Error) => void)[] = [];
  private flushQueued = false;

  /**
   * Writes the entries of every request answered in this turn of the event loop in one
   * `write(2)`, then lets their answers go. The write is synchronous: appending a few KB to the
   * page cache takes microseconds, less than handing it to a thread-pool thread and waking the
   * event loop again for its result, which on a busy machine cost more than the write itself.
   * `mayCompact`: false when a snapshot is starting anyway (it must not ask for another).
   */
  private flush(mayCompact = true): void {
    this.flushQueued = false;
    const waiters = this.batchWaiters;
    if (waiters.length === 0) return;
    const bytes = Buffer.from(this.batch.join(''));
    this.batch = [];
    this.batchWaiters = [];
    let failure: Error | undefined;
    try {
      const fd = this.openLog();
      for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done);
      this.fileBytes += bytes.length;
    } catch (error) {
      failure = error as Error;
      this.logBytes -= bytes.length;
      console.error('sandbox: could not append to', this.logFile, error);
      this.cutBack();
    }
    for (const waiter of waiters) waiter(failure);
    if (mayCompact && this.logBytes >= Math.max(MIN_COMPACT_BYTES, this.snapshotBytes * COMPACT_FACTOR))
      this.queueCompaction();
  }

  /** The journal's descriptor, opened (and cut back to its last whole entry, if a cut failed) when needed. */
  private openLog(): number {
    if (this.fd !== undefined) return this.fd;
    const fd = openSync(this.logFile, 'a');
    try {
      if (this.cutPending) ftruncateSync(fd, this.fileBytes);
      else this.fileBytes = fstatSync(fd).size;
    } catch (error) {
      closeSync(fd);
      throw error;
    }
    this.cutPending = false;
    this.fd = fd;
    return fd;
  }

  /**
   * After a failed append (a full disk, a file-size limit) part of its line may be in the file:
   * cut it off, or the next entries would be written onto the same line and a restart could not
   * read them. If the cut fails too, the descriptor is dropped and the next append cuts first:
   * nothing is written after a partial line.
   */
  private cutBack(): void {
    if (this.fd === undefined) return;
    try {
      ftruncateSync(this.fd, this.fileBytes);
    } catch (error) {
      console.error('sandbox: could not cut back', this.logFile, error);
      this.cutPending = true;
      try {
        closeSync(this.fd);
      } catch {}
      this.fd = undefined;
    }
  }

  /** The file's length up to its last whole entry, and whether a cut back to it is still owed. */
  private fileBytes = 0;
  private cutPending = false;

  /**
   * Replays the journal's entries newer than the snapshot through the app, in order, then writes
   * a fresh snapshot. Called once the routes exist and before the server accepts connections.
   * `FILE.log.old` holds the older entries when a crash came while a snapshot was being written.
   */
  async replay(app: FastifyInstance): Promise<number> {
    const entries = [
      ...readEntries(this.oldLogFile, this.seq),
      ...readEntries(this.logFile, this.seq),
    ].filter((entry) => entry.seq > this.seq);
    this.replaying = true;
    try {
      for (const entry of entries) {
        const recording: Recording = {
          mode: 'replay',
          clock: entry.clock,
          random: entry.random,
          flags: entry.flags,
        };
        const request = await requestOf(entry);
        this.replayRecording = recording;
        await app.inject({
          method: entry.method as 'POST',
          url: entry.url,
          headers: { ...entry.headers, ...request.headers, [REPLAY_HEADER]: REPLAY_SECRET },
          payload: request.payload,
          remoteAddress: entry.ip,
        });
        this.seq = entry.seq;
      }
    } finally {
      this.replaying = false;
      this.replayRecording = undefined;
    }
    this.snapshotNow();
    return entries.length;
  }

  private queueCompaction(): void {
    if (this.compactQueued) return;
    this.compactQueued = true;
    setImmediate(() => {
      this.compactQueued = false;
      this.snapshotSoon();
    });
  }

  private scheduleCompaction(): void {
    if (this.compactTimer) return;
    this.compactTimer = setTimeout(() => {
      this.compactTimer = undefined;
      this.snapshotSoon();
    }, this.debounceMs);
  }

  /** The snapshot being made durable off the event loop, and whether another was asked for meanwhile. */
  private inFlight: Promise<void> | undefined;
  private snapshotPending = false;

  /**
   * Starts a snapshot whose fsync and rename run off the event loop; with one already in flight,
   * one more is made when it ends (however many were asked for meanwhile).
   */
  private snapshotSoon(): void {
    if (this.inFlight) {
      this.snapshotPending = true;
      return;
    }
    const written = this.beginSnapshot();
    this.inFlight = commitAsync(written, this.file)
      .then(
        () => this.endSnapshot(),
        (error: unknown) => console.error('sandbox: could not write', this.file, error),
      )
      .finally(() => {
        this.inFlight = undefined;
        if (this.snapshotPending) {
          this.snapshotPending = false;
          this.snapshotSoon();
        }
      });
  }

  /** A snapshot written, fsynced and in place before it returns (after a replay, and on close). */
  private snapshotNow(): void {
    commitSync(this.beginSnapshot(), this.file);
    this.endSnapshot();
  }

  /**
   * Sets the journal aside as `FILE.log.old` (entries up to `seq`), opens a new one for the
   * entries after, and writes the state as of `seq` to a temporary file.
   */
  private beginSnapshot(): WrittenSnapshot {
    if (this.compactTimer) {
      clearTimeout(this.compactTimer);
      this.compactTimer = undefined;
    }
    this.flush(false);
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    if (existsSync(this.logFile)) {
      // An earlier snapshot failed and kept its `.old`: it must keep every entry it holds.
      if (existsSync(this.oldLogFile)) {
        appendFileSync(this.oldLogFile, readFileSync(this.logFile));
        unlinkSync(this.logFile);
      } else {
        renameSync(this.logFile, this.oldLogFile);
      }
    }
    this.cutPending = false;
    this.openLog();
    this.logBytes = 0;
    this.store.data.journalSeq = this.seq;
    const written = writeSnapshotTemp(this.file, this.store.data);
    this.snapshotBytes = written.bytes;
    return written;
  }

  /** The snapshot is in place: the entries set aside are in it. */
  private endSnapshot(): void {
    if (existsSync(this.oldLogFile)) unlinkSync(this.oldLogFile);
  }

  /** Waits for the snapshot in flight, then writes the last one and closes the journal. */
  async close(): Promise<void> {
    this.stopListening();
    this.flush();
    this.snapshotPending = false;
    while (this.inFlight) await this.inFlight;
    this.snapshotNow();
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}
