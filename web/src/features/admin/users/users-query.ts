/**
 * The user search a `/admin/users` address asks for, read from its query (`?q=&status=&role=&id=&page=`)
 * by the screen and by the back office's start-up alike, and the one search start-up asks for
 * beside the back office's chunk, which the screen then takes instead of asking again.
 */
import type { UserSearchFilters } from '@matchmaker/sdk/schemas';
import { prefetchSlot } from '../../../state/prefetched';
import { searchUsers } from '../admin-actions';
import { ACCOUNT_STATUS_LABELS, isKey } from '../lib/types';
import type { UrlRead } from '../lib/url-state';

export interface UsersQuery {
  filters: UserSearchFilters;
  page: number;
}

/** Ids typed or pasted one per line or separated by commas or spaces. */
export function parseIds(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter(Boolean))];
}

export function usersQuery(url: UrlRead): UsersQuery {
  const filters: UserSearchFilters = {};
  const q = url.get('q');
  const status = url.get('status');
  const role = url.get('role');
  const ids = parseIds(url.getAll('id').join('\n'));
  if (q) filters.search = q;
  if (isKey(ACCOUNT_STATUS_LABELS, status)) filters.status = status;
  if (role === 'member' || role === 'admin') filters.role = role;
  if (ids.length > 0) filters.bulk_ids = ids;
  return { filters, page: url.page() };
}

/** Names a search: the screen's request key, so a new search is a new request. */
export const usersQueryKey = (query: UsersQuery): string => JSON.stringify([query.filters, query.page]);

type SearchAnswer = Awaited<ReturnType<typeof searchUsers>>;

/** The search asked for at start-up (admin-startup.ts), until the user list opens. */
const firstSearch = prefetchSlot<SearchAnswer>();

/** Asks for the search of a session that starts on the user list, beside the back office's chunk. */
export function prefetchUsers(query: UsersQuery): void {
  firstSearch.put(usersQueryKey(query), () => searchUsers(query));
}

/** The search `prefetchUsers` asked for, if it is this one, fresh and of this session; once. */
export function takePrefetchedUsers(query: UsersQuery): Promise<SearchAnswer> | null {
  return firstSearch.take(usersQueryKey(query));
}
