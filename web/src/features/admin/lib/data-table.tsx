/** A list as a table in a keyboard-scrollable region: the back office's lists all look this way. */
import type { ReactNode } from 'react';
import { ScrollRegion } from './scroll-region';

export interface DataTableProps<T> {
  /** The region's name, such as 'Users found'. */
  label: string;
  columns: readonly string[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** One cell per column. */
  cells: (row: T) => readonly ReactNode[];
  /** Per column, a class for its cells (such as breaking long e-mail addresses). */
  cellClass?: readonly (string | undefined)[];
}

export function DataTable<T>({ label, columns, rows, rowKey, cells, cellClass }: DataTableProps<T>) {
  return (
    <ScrollRegion label={label}>
      <table className="admin-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {cells(row).map((cell, index) => (
                <td key={columns[index] ?? index} className={cellClass?.[index]}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
