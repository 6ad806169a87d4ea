/**
 * User search: by name, email or username, status and role, or a list of ids (bulk). Every filter
 * and the page are in the URL (`?q=&status=&role=&id=&page=`).
 */
import { isAdmin, isOwnAccount, userIdOf } from '@matchmaker/sdk/rules';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { PageHeading, TextField } from '../../../components/index';
import { PAGE_FRAMES } from '../../../config/page-frames';
import { sessionState } from '../../../state/session';
import { searchUsers } from '../admin-actions';
import { AdminList } from '../lib/admin-list';
import { FilterForm, useUrlFilters } from '../lib/filter-form';
import { formatDate, fullName } from '../lib/format';
import { SelectField } from '../lib/select-field';
import { ACCOUNT_STATUS_LABELS } from '../lib/types';
import { parseIds, takePrefetchedUsers, usersQuery, usersQueryKey } from './users-query';

const STATUS_OPTIONS = [['', 'Any status'], ...Object.entries(ACCOUNT_STATUS_LABELS)] as const;
const ROLE_OPTIONS = [
  ['', 'Any role'],
  ['member', 'Members'],
  ['admin', 'Staff'],
] as const;

export default function UsersPage() {
  const { url, form } = useUrlFilters(['q', 'ids'], {
    read: (state) => ({ q: state.get('q'), ids: state.getAll('id').join('\n') }),
    write: (draft) => ({ q: draft.q.trim(), id: parseIds(draft.ids) }),
  });
  const status = url.get('status');
  const role = url.get('role');
  const query = usersQuery(url);
  const self = useSnapshot(sessionState).user;

  return (
    <section className="admin-page">
      <PageHeading {...PAGE_FRAMES.admin.users} />
      <div className="admin-toolbar">
        <Link href="/users/new" className="btn btn--primary">
          Create an account
        </Link>
      </div>
      <FilterForm
        label="Users"
        form={form}
        submitLabel="Search"
        onClear={() => url.set({ q: null, status: null, role: null, id: null, page: null })}
      >
        <TextField label="Name, email or username" type="search" autoComplete="off" {...form.field('q')} />
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
            {...form.field('ids')}
            aria-describedby="admin-bulk-ids-hint"
          />
          <p className="field__hint" id="admin-bulk-ids-hint">
            One per line, or separated by commas.
          </p>
        </div>
      </FilterForm>
      <AdminList
        requestKey={usersQueryKey(query)}
        // A session that started on this list asked for its search beside the back office's chunk.
        request={(signal) => takePrefetchedUsers(query) ?? searchUsers(query, signal)}
        rows={(answer) => answer.users}
        noun="users"
        label="Users found"
        pagerLabel="Users"
        columns={['Name', 'Username', 'Email', 'Status', 'Role', 'Joined']}
        cellClass={[undefined, undefined, 'admin-table__break']}
        rowKey={(user) => userIdOf(user) ?? user.email}
        cells={(user) => [
          <>
            <Link
              href={`/users/${encodeURIComponent(userIdOf(user) ?? '')}?from=${encodeURIComponent(url.search)}`}
            >
              {fullName(user)}
            </Link>{' '}
            {isOwnAccount(self, user) ? <span className="admin-badge admin-badge--you">You</span> : null}
          </>,
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
    </section>
  );
}
