/**
 * User search: by name, email or username, status and role, or a list of ids (bulk). Every filter
 * and the page are in the URL (`?q=&status=&role=&ids=&page=`).
 */
import { ADMIN_USERS_PAGE_SIZE, isAdmin, userIdOf } from '@matchmaker/sdk/rules';
import type { UserSearchFilters } from '@matchmaker/sdk/schemas';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Button, PageHeading, TextField } from '../../../components/index';
import { getClient } from '../../../lib/client';
import { DataTable } from '../lib/data-table';
import { formatDate, fullName } from '../lib/format';
import { Pager } from '../lib/pager';
import { RemoteView } from '../lib/remote-view';
import { SelectField } from '../lib/select-field';
import { ACCOUNT_STATUS_LABELS, type AdminUser, isKey } from '../lib/types';
import { useUrlState } from '../lib/url-state';
import { useRemote } from '../lib/use-remote';

const STATUS_OPTIONS = [['', 'Any status'], ...Object.entries(ACCOUNT_STATUS_LABELS)] as const;
const ROLE_OPTIONS = [
  ['', 'Any role'],
  ['member', 'Members'],
  ['admin', 'Staff'],
] as const;

/** Ids typed or pasted one per line or separated by commas or spaces. */
export function parseIds(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter(Boolean))];
}

export default function UsersPage() {
  const url = useUrlState();
  const q = url.get('q');
  const status = url.get('status');
  const role = url.get('role');
  const ids = url.getAll('id');
  const page = url.page();
  const [query, setQuery] = useState(q);
  const [idText, setIdText] = useState(ids.join('\n'));
  const idKey = ids.join(',');
  useEffect(() => setQuery(q), [q]);
  useEffect(() => setIdText(idKey.split(',').join('\n')), [idKey]);

  const filters: UserSearchFilters = {};
  if (q) filters.search = q;
  if (isKey(ACCOUNT_STATUS_LABELS, status)) filters.status = status;
  if (role === 'member' || role === 'admin') filters.role = role;
  if (ids.length > 0) filters.bulk_ids = ids;
  const remote = useRemote(JSON.stringify([filters, page]), (signal) =>
    getClient().admin.searchUsers({ page, filters }, { signal }),
  );

  const search = (event: FormEvent) => {
    event.preventDefault();
    url.set({ q: query.trim(), id: parseIds(idText), page: null });
  };

  return (
    <section className="admin-page">
      <PageHeading title="Users">
        <p>{ADMIN_USERS_PAGE_SIZE} per page, newest first.</p>
      </PageHeading>
      <div className="admin-toolbar">
        <Link href="/users/new" className="btn btn--primary">
          Create an account
        </Link>
      </div>
      <form className="admin-filters" aria-label="Users" onSubmit={search}>
        <TextField
          label="Name, email or username"
          type="search"
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <SelectField
          label="Status"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(event) => url.set({ status: event.target.value, page: null })}
        />
        <SelectField
          label="Role"
          value={role}
          options={ROLE_OPTIONS}
          onChange={(event) => url.set({ role: event.target.value, page: null })}
        />
        <div className="field admin-filters__wide">
          <label className="field__label" htmlFor="admin-bulk-ids">
            User ids (bulk)
          </label>
          <textarea
            id="admin-bulk-ids"
            className="field__input"
            rows={2}
            value={idText}
            onChange={(event) => setIdText(event.target.value)}
            aria-describedby="admin-bulk-ids-hint"
          />
          <p className="field__hint" id="admin-bulk-ids-hint">
            One per line, or separated by commas.
          </p>
        </div>
        <div className="admin-filters__actions">
          <Button type="submit">Search</Button>
          <Button
            variant="ghost"
            onClick={() => url.set({ q: null, status: null, role: null, id: null, page: null })}
          >
            Clear filters
          </Button>
        </div>
      </form>
      <RemoteView remote={remote} label="users" isEmpty={(data) => data.users.length === 0}>
        {(data) => (
          <>
            <UsersTable users={data.users} />
            <Pager
              label="Users"
              page={data.page}
              totalPages={data.total_pages}
              total={data.total}
              onPage={(next) => url.set({ page: next })}
            />
          </>
        )}
      </RemoteView>
    </section>
  );
}

function UsersTable({ users }: { users: readonly AdminUser[] }) {
  const url = useUrlState();
  return (
    <DataTable
      label="Users found"
      columns={['Name', 'Username', 'Email', 'Status', 'Role', 'Joined']}
      cellClass={[undefined, undefined, 'admin-table__break']}
      rows={users}
      rowKey={(user) => userIdOf(user) ?? user.email}
      cells={(user) => [
        <Link
          key="name"
          href={`/users/${encodeURIComponent(userIdOf(user) ?? '')}?from=${encodeURIComponent(url.search)}`}
        >
          {fullName(user)}
        </Link>,
        user.username,
        user.email,
        <>
          <span className={`admin-badge admin-badge--${user.status}`}>
            {ACCOUNT_STATUS_LABELS[user.status]}
          </span>
          {user.is_deleted ? <span className="admin-badge admin-badge--deleted">Deleted</span> : null}
        </>,
        isAdmin(user) ? `Staff (${user.roles.join(', ')})` : 'Member',
        formatDate(user.created_at),
      ]}
    />
  );
}
