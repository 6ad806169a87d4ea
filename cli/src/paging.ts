/**
 * Paging of list commands: one page by default, `--page N` for another, `--all` for every page
 * (printed as it arrives), `--limit N` to read pages until N records. The end is the answer's
 * `total_pages` when it gives one, else the first short or empty page.
 */
import { CliError, EXIT } from './exit';
import { listAt, numberAt, stringAt } from './guards';
import type { PagingOptions } from './options';
import type { ListPrinter } from './output';
import { stoppableBySignals, unlessAborted } from './stop-signals';

export interface PagedList {
  fetchPage: (page: number) => Promise<unknown>;
  /** Where the records are in an answer (`users`, `requests`...). */
  key: string;
  pageSize: number;
}

/**
 * A read of several pages that failed after some were printed: what was printed is correct but
 * incomplete. The error handler says so, and where to go on from, with the cause's message and
 * exit code.
 */
export class IncompleteListError extends Error {
  constructor(
    readonly page: number,
    readonly totalPages: number | undefined,
    readonly printed: number,
    /** The options that go on from the failed page (`--page 4 --all`). */
    readonly resume: string,
    override readonly cause: unknown,
  ) {
    const of = totalPages !== undefined ? ` of ${totalPages}` : '';
    super(`stopped at page ${page}${of} after ${printed} record${printed === 1 ? '' : 's'}`);
    this.name = 'IncompleteListError';
  }
}

/** A record's id, for dropping repeats; records without one are all printed. */
const idOf = (record: unknown): string | undefined => {
  const id = stringAt(record, 'id') ?? numberAt(record, 'id');
  return id === undefined ? undefined : String(id);
};

/** How a signal is named to the user: Ctrl-C is what they pressed. */
const signalName = (signal: unknown) => (signal === 'SIGINT' ? 'Ctrl-C' : String(signal));

/**
 * Prints the pages `paging` asks for. Ctrl-C or SIGTERM (as in bulk runs) stops the paging
 * instead of the process: what was printed is ended as valid data and the error (exit 130) says
 * where to go on from, as for a page that failed.
 */
export async function printPages(
  list: PagedList,
  paging: PagingOptions,
  printer: ListPrinter,
): Promise<number> {
  return stoppableBySignals((stop) => printEveryPage(list, paging, printer, stop));
}

async function printEveryPage(
  list: PagedList,
  paging: PagingOptions,
  printer: ListPrinter,
  stopped: AbortSignal,
): Promise<number> {
  const first = paging.page ?? 1;
  const many = paging.all === true || paging.limit !== undefined;
  // Records added or removed while a long run pages move the others across page boundaries: a
  // record can come twice (or be missed). Repeats are dropped by id. A Set of the ids printed is
  // small for these lists (a few hundred thousand ids are tens of MB at worst; the back office's
  // lists are thousands).
  const seen = new Set<string>();
  let repeats = 0;
  let printed = 0;
  let firstTotal: number | undefined;
  let lastTotal: number | undefined;
  let totalPages: number | undefined;
  // Said after the data, so on a terminal it is the last line.
  let pastTheEnd: string | undefined;
  for (let page = first; ; page++) {
    let answer: unknown;
    try {
      answer = await unlessAborted(list.fetchPage(page), stopped, () => {
        throw page === first
          ? new CliError(
              `Interrupted (${signalName(stopped.reason)}) before the first page arrived: nothing was printed`,
              EXIT.interrupted,
              'INTERRUPTED',
            )
          : new CliError(`Interrupted (${signalName(stopped.reason)})`, EXIT.interrupted, 'INTERRUPTED');
      });
    } catch (error) {
      if (page === first) throw error;
      // What was printed stays valid data (a JSON array is closed); the error says it is partial.
      printer.end();
      const rest = paging.limit !== undefined ? `--limit ${paging.limit - printed}` : '--all';
      throw new IncompleteListError(page, totalPages, printed, `--page ${page} ${rest}`, error);
    }
    totalPages = numberAt(answer, 'total_pages');
    lastTotal = numberAt(answer, 'total');
    if (page === first) firstTotal = lastTotal;
    const raw = listAt(answer, list.key);
    let records = raw;
    if (many) {
      records = records.filter((record) => {
        const id = idOf(record);
        if (id === undefined) return true;
        if (seen.has(id)) {
          repeats += 1;
          return false;
        }
        seen.add(id);
        return true;
      });
    }
    if (paging.limit !== undefined) records = records.slice(0, paging.limit - printed);
    printer.write(records);
    printed += records.length;
    if (page === first && page > 1 && raw.length === 0) {
      const last =
        totalPages === undefined ? '' : totalPages === 0 ? ': there are no records' : ` (${totalPages})`;
      pastTheEnd = `Page ${page} is past the last page${last}`;
    }
    if (!many) break;
    if (paging.limit !== undefined && printed >= paging.limit) break;
    if (totalPages !== undefined ? page >= totalPages : raw.length < list.pageSize) break;
    if (raw.length === 0) break;
  }
  printer.end();
  if (pastTheEnd) printer.info(pastTheEnd);
  const changed = firstTotal !== undefined && lastTotal !== undefined ? Math.abs(lastTotal - firstTotal) : 0;
  if (changed > 0) {
    printer.warn(
      `${changed} record${changed === 1 ? ' was' : 's were'} added or removed while paging: the list may be incomplete; run again`,
    );
  } else if (repeats > 0) {
    printer.warn(
      `${repeats} record${repeats === 1 ? '' : 's'} came twice while paging (printed once): records moved between pages, so the list may be incomplete; run again`,
    );
  }
  return printed;
}
