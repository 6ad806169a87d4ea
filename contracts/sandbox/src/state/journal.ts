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
 *   from code rather than requests) the state is written as a new snapshot, atomically (temporary
 *   file, fsync, rename), and the journal starts over. A torn last line (a crash mid-append) and
 *   leftover temporary files (a crash mid-snapshot) are cleaned up on start.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  write,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { newRecording, REPLAY_HEADER, REPLAY_SECRET, type Recording, withRecording } from './recording';
import type { Store } from './store';
import type { SandboxData } from './types';

/** One journaled request. */
export interface JournalEntry {
  seq: number;
  method: string;
  url: string;
  headers: Record<string, string>;
  ip: string;
  /** The body as received (JSON or form text), when it was not multipart. */
  body?: string;
  /** A multipart body as parsed: its fields and files (bytes in base64). */
  multipart?: MultipartRecord;
  clock: number[];
  random: string[];
  flags: boolean[];
}

export interface MultipartRecord {
  fields: Record<string, string>;
  files: { field: string; filename: string; contentType: string; data: string }[];
}

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

/** Deletes `FILE.*.tmp` left by a crash in the middle of writing a snapshot. */
function removeLeftovers(file: string): void {
  const dir = dirname(file);
  if (!existsSync(dir)) return;
  const prefix = `${basename(file)}.`;
  for (const name of readdirSync(dir)) {
    if (name.startsWith(prefix) && name.endsWith('.tmp')) unlinkSync(join(dir, name));
  }
}

/** The journal's complete entries; a torn or unreadable tail is cut off the file. */
function readEntries(logFile: string): JournalEntry[] {
  if (!existsSync(logFile)) return [];
  const bytes = readFileSync(logFile);
  const entries: JournalEntry[] = [];
  // Byte offsets (a line may hold multi-byte characters): where the last complete entry ends.
  let good = 0;
  for (let end = bytes.indexOf(10); end >= 0; end = bytes.indexOf(10, good)) {
    try {
      entries.push(JSON.parse(bytes.subarray(good, end).toString('utf8')) as JournalEntry);
    } catch {
      break;
    }
    good = end + 1;
  }
  if (good < bytes.length) {
    const fd = openSync(logFile, 'r+');
    ftruncateSync(fd, good);
    closeSync(fd);
  }
  return entries;
}

export class Journal {
  private readonly logFile: string;
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
    // The answer leaves only once its entry is written (group commit: one write for every entry
    // that arrived meanwhile).
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
    if (!this.flushing) this.flush();
  }

  /** Entries waiting for the next write, and the answers waiting for them. */
  private batch: string[] = [];
  private batchWaiters: ((error?: Error) => void)[] = [];
  private flushing = false;

  /**
   * Writes the waiting entries in one `write(2)` (off the event loop), then lets their answers go;
   * entries that arrive meanwhile wait for the next one. Batches are written in order.
   */
  private flush(): void {
    const lines = this.batch;
    const waiters = this.batchWaiters;
    this.batch = [];
    this.batchWaiters = [];
    this.flushing = true;
    this.fd ??= openSync(this.logFile, 'a');
    write(this.fd, lines.join(''), (error) => {
      this.flushing = false;
      if (error) console.error('sandbox: could not append to', this.logFile, error);
      for (const waiter of waiters) waiter(error ?? undefined);
      if (this.batch.length > 0) this.flush();
      else if (this.logBytes >= Math.max(MIN_COMPACT_BYTES, this.snapshotBytes * COMPACT_FACTOR))
        this.queueCompaction();
    });
  }

  /** Resolves when every entry appended so far is written. */
  private async drained(): Promise<void> {
    while (this.flushing || this.batch.length > 0) await new Promise((resolve) => setImmediate(resolve));
  }

  /**
   * Replays the journal's entries newer than the snapshot through the app, in order, then writes
   * a fresh snapshot. Called once the routes exist and before the server accepts connections.
   */
  async replay(app: FastifyInstance): Promise<number> {
    const entries = readEntries(this.logFile).filter((entry) => entry.seq > this.seq);
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
    this.compact();
    return entries.length;
  }

  private queueCompaction(): void {
    if (this.compactQueued) return;
    this.compactQueued = true;
    setImmediate(() => {
      this.compactQueued = false;
      this.compact();
    });
  }

  private scheduleCompaction(): void {
    if (this.compactTimer) return;
    this.compactTimer = setTimeout(() => {
      this.compactTimer = undefined;
      this.compact();
    }, this.debounceMs);
  }

  /** Writes the state as the new snapshot (atomically) and empties the journal. */
  compact(): void {
    if (this.compactTimer) {
      clearTimeout(this.compactTimer);
      this.compactTimer = undefined;
    }
    this.store.data.journalSeq = this.seq;
    const text = JSON.stringify(this.store.data);
    const temp = `${this.file}.${process.pid}.tmp`;
    const fd = openSync(temp, 'w');
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, this.file);
    this.snapshotBytes = Buffer.byteLength(text);
    // Entries up to `seq` are in the snapshot now; a crash before the truncation replays none of them.
    this.fd ??= openSync(this.logFile, 'a');
    ftruncateSync(this.fd, 0);
    this.logBytes = 0;
  }

  async close(): Promise<void> {
    this.stopListening();
    await this.drained();
    this.compact();
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

/** The snapshot's data, or undefined when there is no snapshot yet. */
function loadSnapshot(file: string): SandboxData | undefined {
  if (!existsSync(file)) return undefined;
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null || (parsed as { version?: unknown }).version !== 1) {
    throw new Error(`${file} is not a sandbox data file (version 1)`);
  }
  return parsed as SandboxData;
}

/** The body and content type to inject for an entry (a multipart body is built again from its parts). */
async function requestOf(
  entry: JournalEntry,
): Promise<{ payload?: string | Buffer; headers: Record<string, string> }> {
  if (!entry.multipart) return { payload: entry.body, headers: {} };
  const form = new FormData();
  for (const [name, value] of Object.entries(entry.multipart.fields)) form.append(name, value);
  for (const file of entry.multipart.files) {
    form.append(
      file.field,
      new Blob([Buffer.from(file.data, 'base64')], { type: file.contentType }),
      file.filename,
    );
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? 'multipart/form-data' },
  };
}
