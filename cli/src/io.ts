/**
 * The streams and environment a run uses. The binary passes the process's own; tests pass
 * buffers, so commands run in-process exactly as they do from a shell.
 */
export interface OutStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface Io {
  stdout: OutStream;
  stderr: OutStream;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

/**
 * The process's streams, and a copy of its environment: the CLI reads its settings from the copy,
 * so the binary may tidy what Node itself reads (see `settleColorEnv`) without changing them.
 */
export const processIo = (): Io => ({
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: { ...process.env },
});

/**
 * Characters a terminal acts on rather than shows: C0 controls but the line feed (escape
 * sequences move the cursor, retitle the window, a carriage return writes over a line), DEL, C1
 * controls (0x9b is an escape sequence on its own) and the bidirectional controls, which reorder
 * what follows them so that text reads other than it is.
 */
const UNSAFE_CLASS =
  '\\u0000-\\u0009\\u000b-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';
const UNSAFE = new RegExp(`[${UNSAFE_CLASS}]`, 'g');
/** Runs of UNSAFE characters and line feeds: what a table cell, one line of its own, replaces. */
export const UNSAFE_IN_A_LINE = new RegExp(`[\\n${UNSAFE_CLASS}]+`, 'g');

/**
 * `text` with every character of UNSAFE written as a visible `\uXXXX`. The JSON form, so a JSON
 * line (an error in json mode, ndjson on a terminal) stays valid JSON of the same value.
 */
export const visible = (text: string): string =>
  text.replace(UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** How many coloured fragments a stream remembers; a run paints a handful. */
const MAX_OWN = 64;

/**
 * The stream human-facing messages go through (stderr): whatever a message quotes from an input
 * file, the API or argv is written with UNSAFE characters made visible. The CLI's own colours
 * pass: a colour function painting for this stream registers what it made (`own`), and exactly
 * those fragments are written as they are.
 */
export class HumanStream implements OutStream {
  readonly #own = new Set<string>();
  #pattern: RegExp | undefined;

  constructor(readonly target: OutStream) {}

  get isTTY(): boolean | undefined {
    return this.target.isTTY;
  }

  get columns(): number | undefined {
    return this.target.columns;
  }

  /** Marks `painted` (made by a colour function from text already cleaned) as the CLI's own. */
  own(painted: string): string {
    if (this.#own.has(painted)) return painted;
    this.#own.add(painted);
    if (this.#own.size > MAX_OWN) this.#own.delete(this.#own.values().next().value ?? '');
    this.#pattern = undefined;
    return painted;
  }

  /** `text` with its UNSAFE characters made visible, except inside the fragments it owns. */
  clean(text: string): string {
    if (this.#own.size === 0) return visible(text);
    this.#pattern ??= new RegExp(
      `(${[...this.#own]
        .sort((a, b) => b.length - a.length)
        .map((fragment) => fragment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('|')})`,
    );
    // split with a capturing group: odd parts are owned fragments.
    return text
      .split(this.#pattern)
      .map((part, i) => (i % 2 === 1 ? part : visible(part)))
      .join('');
  }

  write(text: string): unknown {
    return this.target.write(this.clean(text));
  }
}

/** The run's streams with stderr made a HumanStream (once). */
export const humanIo = (io: Io): Io =>
  io.stderr instanceof HumanStream ? io : { ...io, stderr: new HumanStream(io.stderr) };

/** The exit code of a reader that closed the pipe early: 128 + SIGPIPE, as a shell reports it. */
export const EXIT_CLOSED_PIPE = 141;

/**
 * What a failed stdout means. The reader closing it (`matchmaker ... | head -1`) is no error:
 * nothing more is wanted, so nothing is said, with the exit code of a tool killed by SIGPIPE.
 * Anything else (a full disk) loses output: one line on stderr, exit 1.
 */
export function stdoutFailed(
  error: Error & { code?: string },
  stderr: OutStream,
  paint: (text: string) => string,
): number {
  if (error.code === 'EPIPE') return EXIT_CLOSED_PIPE;
  stderr.write(`${paint('Error:')} could not write to stdout (${error.message}): the output is incomplete\n`);
  return 1;
}
