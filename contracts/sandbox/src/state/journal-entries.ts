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

/** The journal's complete entries; a torn or unreadable tail is cut off the file. */
export function readEntries(logFile: string): JournalEntry[] {
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
