/** Previous / next paging of a list whose page is in the URL. */
import { Button } from '../../../components/index';

export interface PagerProps {
  page: number;
  totalPages: number;
  total?: number;
  onPage: (page: number) => void;
  label: string;
}

export function Pager({ page, totalPages, total, onPage, label }: PagerProps) {
  if (totalPages <= 1 && page <= 1) return null;
  return (
    <nav className="admin-pager" aria-label={`${label} pages`}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </Button>
      <span className="admin-pager__status" aria-live="polite">
        Page {page} of {Math.max(totalPages, 1)}
        {total !== undefined ? ` · ${total} in all` : ''}
      </span>
      <Button variant="secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next page
      </Button>
    </nav>
  );
}
