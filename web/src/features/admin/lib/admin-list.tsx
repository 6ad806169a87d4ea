/**
 * The back office's one list: a paged answer read for the view's URL state, shown as a table with
 * the pager under it, and the loading, empty and error states around it. A list page only says
 * what to ask for and how a row reads; its filters live in the URL (`useUrlFilters`).
 */
import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from './data-table';
import { Pager } from './pager';
import { RemoteView } from './remote-view';
import { useUrlState } from './url-state';
import { useRemote } from './use-remote';

/** What every paged list answer carries. */
export interface PagedAnswer {
  page: number;
  total_pages: number;
  total?: number;
}

export interface AdminListProps<A extends PagedAnswer, T> {
  /** The request's identity: a new key (filters, page) aborts the old request and asks again. */
  requestKey: string;
  request: (signal: AbortSignal) => Promise<A>;
  /** The rows of an answer. */
  rows: (answer: A) => readonly T[];
  /** What the list holds, in the plural ('users'): the spinner's and the empty state's words. */
  noun: string;
  /** The table's region name ('Users found') and the pager's ('Users'). */
  label: string;
  pagerLabel: string;
  columns: DataTableProps<T>['columns'];
  cellClass?: DataTableProps<T>['cellClass'];
  rowKey: DataTableProps<T>['rowKey'];
  cells: DataTableProps<T>['cells'];
  /** Replaces the default empty state. */
  empty?: ReactNode;
}

export function AdminList<A extends PagedAnswer, T>({
  requestKey,
  request,
  rows,
  noun,
  label,
  pagerLabel,
  columns,
  cellClass,
  rowKey,
  cells,
  empty,
}: AdminListProps<A, T>) {
  const url = useUrlState();
  const remote = useRemote(requestKey, request);
  return (
    <RemoteView remote={remote} label={noun} isEmpty={(answer) => rows(answer).length === 0} empty={empty}>
      {(answer) => (
        <>
          <DataTable
            label={label}
            columns={columns}
            cellClass={cellClass}
            rows={rows(answer)}
            rowKey={rowKey}
            cells={cells}
          />
          <Pager
            label={pagerLabel}
            page={answer.page}
            totalPages={answer.total_pages}
            total={answer.total}
            onPage={(next) => url.set({ page: next })}
          />
        </>
      )}
    </RemoteView>
  );
}
