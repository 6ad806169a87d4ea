/**
 * Logs: a user's activity log (`?user=`) and the visit log search with filters and paging
 * (`?user=&path=&country=&device=&page=`), all in the URL.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Button, PageHeading, TextField } from '../../../components/index';
import { getClient } from '../../../lib/client';
import { DataTable } from '../lib/data-table';
import { formatDateTime } from '../lib/format';
import { Pager } from '../lib/pager';
import { RemoteView } from '../lib/remote-view';
import { SelectField } from '../lib/select-field';
import { useUrlState } from '../lib/url-state';
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
  const url = useUrlState();
  const user = url.get('user');
  const device = url.get('device');
  const page = url.page();
  const applied = Object.fromEntries(TEXT_FILTERS.map(([name]) => [name, url.get(name)])) as Record<
    (typeof TEXT_FILTERS)[number][0],
    string
  >;
  const [draft, setDraft] = useState(applied);
  const appliedKey = JSON.stringify(applied);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `appliedKey` stands for `applied`
  useEffect(() => setDraft(applied), [appliedKey]);

  const filters: Record<string, string> = {};
  if (applied.user) filters.user_id = applied.user;
  if (applied.path) filters.path = applied.path;
  if (applied.country) filters.country = applied.country;
  if (device) filters.device = device;
  const visits = useRemote(`visits:${JSON.stringify(filters)}:${page}`, (signal) =>
    getClient().admin.searchVisits({ page, filters }, { signal }),
  );

  const apply = (event: FormEvent) => {
    event.preventDefault();
    url.set({
      ...Object.fromEntries(Object.entries(draft).map(([name, value]) => [name, value.trim()])),
      page: null,
    });
  };

  return (
    <section className="admin-page">
      <PageHeading title="Logs" />
      <form className="admin-filters" aria-label="Visit log" onSubmit={apply}>
        {TEXT_FILTERS.map(([name, label]) => (
          <TextField
            key={name}
            label={label}
            autoComplete="off"
            value={draft[name]}
            onChange={(event) => setDraft((previous) => ({ ...previous, [name]: event.target.value }))}
          />
        ))}
        <SelectField
          label="Device"
          value={device}
          options={DEVICES}
          onChange={(event) => url.set({ device: event.target.value, page: null })}
        />
        <div className="admin-filters__actions">
          <Button type="submit">Search</Button>
          <Button
            variant="ghost"
            onClick={() => url.set({ user: null, path: null, country: null, device: null, page: null })}
          >
            Clear filters
          </Button>
        </div>
      </form>
      {user ? <UserLogs id={user} /> : null}
      <section className="admin-card" aria-labelledby="visit-log">
        <h2 id="visit-log">Visit log</h2>
        <RemoteView remote={visits} label="visits" isEmpty={(data) => data.visits.length === 0}>
          {(data) => (
            <>
              <DataTable
                label="Visits found"
                columns={['When', 'Page', 'User', 'Where', 'Device']}
                cellClass={[undefined, 'admin-table__break']}
                rows={data.visits}
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
              <Pager
                label="Visits"
                page={data.page}
                totalPages={data.total_pages}
                total={data.total}
                onPage={(next) => url.set({ page: next })}
              />
            </>
          )}
        </RemoteView>
      </section>
    </section>
  );
}

function UserLogs({ id }: { id: string }) {
  const remote = useRemote(`user-logs:${id}`, (signal) => getClient().admin.getUserLogs(id, { signal }));
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
