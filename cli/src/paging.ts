/**
 * Paging of list commands: one page by default, `--page N` for another, `--all` for every page
 * (printed as it arrives), `--limit N` to read pages until N records. The end is the answer's
 * `total_pages` when it gives one, else the first short or empty page.
 */
import { listAt, numberAt } from './guards';
import type { PagingOptions } from './options';
import type { ListPrinter } from './output';

export interface PagedList {
  fetchPage: (page: number) => Promise<unknown>;
  /** Where the records are in an answer (`users`, `requests`...). */
  key: string;
  pageSize: number;
}

export async function printPages(
  list: PagedList,
  paging: PagingOptions,
  printer: ListPrinter,
): Promise<number> {
  const first = paging.page ?? 1;
  let printed = 0;
  for (let page = first; ; page++) {
    const answer = await list.fetchPage(page);
    let records = listAt(answer, list.key);
    if (paging.limit !== undefined) records = records.slice(0, paging.limit - printed);
    printer.write(records);
    printed += records.length;
    if (!paging.all && paging.limit === undefined) break;
    if (paging.limit !== undefined && printed >= paging.limit) break;
    const totalPages = numberAt(answer, 'total_pages');
    if (totalPages !== undefined ? page >= totalPages : records.length < list.pageSize) break;
    if (records.length === 0) break;
  }
  printer.end();
  return printed;
}
