/**
 * The rows of an NDJSON input, a JSON object a line (readline), numbered as readline counts lines.
 * A line that is no object is passed on, failed; a line over the size limit stops the input
 * before it is held.
 */
import { createInterface } from 'node:readline';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { CliError, usageError } from '../exit';
import { isRecord } from '../guards';
import { displayName, InputBrokenError, type InputSource, MAX_ROW_SIZE, rowTooLong } from './source';

const LF = 0x0a;
const CR = 0x0d;

/**
 * Passes the bytes of an NDJSON input on, and fails as soon as one line is longer than
 * MAX_ROW_SIZE, so no more of it is held. Lines are counted as readline counts them (LF, CR LF or
 * a lone CR ends one), for the message.
 */
class LineLengthLimit extends Transform {
  #length = 0;
  #line = 1;
  #afterCr = false;

  constructor(private readonly refuse: (line: number) => Error) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    for (let at = 0; at < chunk.length; at += 1) {
      const byte = chunk[at];
      if (byte === LF || byte === CR) {
        if (byte === CR || !this.#afterCr) this.#line += 1;
        this.#afterCr = byte === CR;
        this.#length = 0;
        continue;
      }
      this.#afterCr = false;
      this.#length += 1;
      if (this.#length > MAX_ROW_SIZE) {
        callback(this.refuse(this.#line));
        return;
      }
    }
    callback(null, chunk);
  }
}

export async function* ndjsonRows(source: InputSource, stream: Readable) {
  const name = displayName(source);
  // An empty pipe has ended (its 'end' emitted) by the time readRows saw it open: readline would
  // wait for an 'end' that has passed, and the run with it, forever. (csv-parse is fed by pipe(),
  // which ends at once for an ended stream.)
  if (stream.readableEnded) throw usageError(`${name} is empty: expected one JSON object per line`);
  // readline holds a line whole, however long, before it hands it on: the limit comes first.
  const limited = new LineLengthLimit((line) => usageError(rowTooLong(name, line)));
  stream.on('error', (error) => limited.destroy(error));
  stream.pipe(limited);
  const lines = createInterface({ input: limited, crlfDelay: Number.POSITIVE_INFINITY });
  let line = 0;
  let rows = 0;
  try {
    for await (const read of lines) {
      line += 1;
      // A byte order mark (some Windows tools write one) is not part of the first object.
      const text = line === 1 && read.startsWith('\uFEFF') ? read.slice(1) : read;
      if (text.trim() === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        if (rows === 0) {
          throw usageError(`${name}: line ${line} is not JSON; if the file is CSV, pass --format csv`);
        }
        yield { line, values: {}, error: 'not valid JSON', text };
        rows += 1;
        continue;
      }
      rows += 1;
      if (isRecord(value)) yield { line, values: value };
      else yield { line, values: {}, error: 'not a JSON object', text };
    }
  } catch (error) {
    // Anything but the reader's own verdicts is the input failing: readline passes it on and
    // never yields the half line it held.
    if (error instanceof CliError) throw error;
    throw new InputBrokenError(name, line, error);
  }
  if (rows === 0) throw usageError(`${name} is empty: expected one JSON object per line`);
}
