/**
 * The journal's entries: what one state-changing request was (journal.ts appends them), reading
 * them back from a journal file after a crash, and building a request again to replay one.
 */
import { closeSync, existsSync, ftruncateSync, openSync, readFileSync } from 'node:fs';

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

function parseLine(bytes: Buffer): JournalEntry | undefined {
  try {
    const entry = JSON.parse(bytes.toString('utf8')) as JournalEntry;
    return typeof entry === 'object' && entry !== null && Number.isInteger(entry.seq) ? entry : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The journal's complete entries. A torn tail (a crash in the middle of an append) is cut off the
 * file. A damaged line with entries newer than the snapshot (`afterSeq`) after it is refused with
 * an error naming the line, and the file is left as it is: cutting there would lose writes that
 * were acknowledged. (The journal itself never leaves one: a failed append is cut back.)
 */
export function readEntries(logFile: string, afterSeq: number): JournalEntry[] {
  if (!existsSync(logFile)) return [];
  const bytes = readFileSync(logFile);
  const entries: JournalEntry[] = [];
  // Byte offsets (a line may hold multi-byte characters): where the last complete entry ends.
  let good = 0;
  let line = 1;
  for (let end = bytes.indexOf(10); end >= 0; end = bytes.indexOf(10, good), line += 1) {
    const entry = parseLine(bytes.subarray(good, end));
    if (!entry) {
      refuseIfNewerFollow(logFile, bytes, end + 1, line, afterSeq);
      break;
    }
    entries.push(entry);
    good = end + 1;
  }
  if (good < bytes.length) {
    const fd = openSync(logFile, 'r+');
    ftruncateSync(fd, good);
    closeSync(fd);
  }
  return entries;
}

/** Throws when whole entries newer than the snapshot follow the damaged line `line` (their bytes start at `from`). */
function refuseIfNewerFollow(
  logFile: string,
  bytes: Buffer,
  from: number,
  line: number,
  afterSeq: number,
): void {
  let newer = 0;
  for (
    let start = from, end = bytes.indexOf(10, from);
    end >= 0;
    start = end + 1, end = bytes.indexOf(10, start)
  ) {
    const entry = parseLine(bytes.subarray(start, end));
    if (entry && entry.seq > afterSeq) newer += 1;
  }
  if (newer === 0) return;
  const follow = newer === 1 ? '1 entry follows it' : `${newer} entries follow it`;
  throw new Error(
    `${logFile}: line ${line} is not a whole journal entry, and ${follow} that the snapshot does not hold: ` +
      'starting would lose them. Repair or remove that line, then start again (the file is left as it is).',
  );
}

/** The body and content type to inject for an entry (a multipart body is built again from its parts). */
export async function requestOf(
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
