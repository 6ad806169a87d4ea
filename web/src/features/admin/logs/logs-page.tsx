/**
 * Logs: a user's activity log (`?user=`) and the visit log search with filters and paging
 * (`?user=&path=&country=&device=&page=`), all in the URL.
 */
import { Link } from 'wouter';
import { PageHeading, TextField } from '../../../components/index';
import { PAGE_FRAMES } from '../../../config/page-frames';
import { getUserLogs, searchVisits } from '../admin-actions';
import { AdminList } from '../lib/admin-list';
import { FilterForm, useUrlFilters } from '../lib/filter-form';
import { formatDateTime } from '../lib/format';
import { RemoteView } from '../lib/remote-view';
import { SelectField } from '../lib/select-field';
import { useRemote } from '../lib/use-remote';

const TEXT_FILTERS = [
  ['user', 'User id'],
  ['path', 'Page path'],
  ['country', 'Country'],
] as const;
const DEVICES = [
  ['', 'Any device'],
  ['desktop', 'Desktop'],
  ['mobile', 'Mobile'],
  ['tablet', 'Tablet'],
] as const;

export default function LogsPage() {
  const { url, applied, form } = useUrlFilters(TEXT_FILTERS.map(([name]) => name));
  const user = applied.user;
  const device = url.get('device');
  const page = url.page();

  const filters: Record<string, string> = {};
  if (applied.user) filters.user_id = applied.user;
  if (applied.path) filters.path = applied.path;
  if (applied.country) filters.country = applied.country;
  if (device) filters.device = device;

  return (
    <section className="admin-page">
      <PageHeading {...PAGE_FRAMES.admin.logs} />
      <FilterForm
        label="Visit log"
        form={form}
        submitLabel="Search"
        onClear={() => url.set({ user: null, path: null, country: null, device: null, page: null })}
      >
        {TEXT_FILTERS.map(([name, label]) => (
          <TextField key={name} label={label} autoComplete="off" {...form.field(name)} />
        ))}
        <SelectField
          label="Device"
          value={device}
          options={DEVICES}
          onChange={(event) => url.set({ device: event.target.value, page: null })}
        />
      </FilterForm>
      {user ? <UserLogs id={user} /> : null}
      <section className="admin-card" aria-labelledby="visit-log">
        <h2 id="visit-log">Visit log</h2>
        <AdminList
          requestKey={`visits:${JSON.stringify(filters)}:${page}`}
          request={(signal) => searchVisits({ page, filters }, signal)}
          rows={(answer) => answer.visits}
          noun="visits"
          label="Visits found"
          pagerLabel="Visits"
          columns={['When', 'Page', 'User', 'Where', 'Device']}
          cellClass={[undefined, 'admin-table__break']}
          rowKey={(visit) => visit.id}
          cells={(visit) => [
            formatDateTime(visit.created_at),
            visit.path,
            visit.user_id === null ? (
              'Visitor'
            ) : (
              <Link key="user" href={`/users/${encodeURIComponent(visit.user_id)}`}>
                {visit.user_id}
              </Link>
            ),
            [visit.city, visit.country].filter(Boolean).join(', ') || (visit.ip ?? '—'),
            [visit.device, visit.browser].filter(Boolean).join(', ') || '—',
          ]}
        />
      </section>
    </section>
  );
}

function UserLogs({ id }: { id: string }) {
  const remote = useRemote(`user-logs:${id}`, (signal) => getUserLogs(id, signal));
  return (
    <section className="admin-card" aria-labelledby="user-log">
      <h2 id="user-log">Activity of user {id}</h2>
      <RemoteView remote={remote} label="activity" isEmpty={(data) => data.logs.length === 0}>
        {(data) => (
          <ol className="admin-log">
            {data.logs.map((log) => (
              <li key={log.id}>
                <strong>{log.action}</strong> <span>{formatDateTime(log.created_at)}</span>
                {log.detail ? <span className="admin-muted"> · {log.detail}</span> : null}
                {log.ip ? <span className="admin-muted"> · {log.ip}</span> : null}
              </li>
            ))}
          </ol>
        )}
      </RemoteView>
    </section>
  );
}
