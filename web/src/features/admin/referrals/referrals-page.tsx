/** Referrals: who brought whom, filtered by username, page by page (`?username=&page=`). */
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Button, PageHeading, TextField } from '../../../components/index';
import { getClient } from '../../../lib/client';
import { DataTable } from '../lib/data-table';
import { formatDate, fullName } from '../lib/format';
import { Pager } from '../lib/pager';
import { RemoteView } from '../lib/remote-view';
import { useUrlState } from '../lib/url-state';
import { useRemote } from '../lib/use-remote';

type Party = {
  id: string | number;
  username: string;
  first_name?: string | null;
  last_name?: string | null;
} | null;

function PartyLink({ party }: { party: Party }) {
  if (!party) return <>A deleted account</>;
  return (
    <Link href={`/users/${encodeURIComponent(party.id)}`}>{`${fullName(party)} (${party.username})`}</Link>
  );
}

export default function ReferralsPage() {
  const url = useUrlState();
  const username = url.get('username');
  const page = url.page();
  const [draft, setDraft] = useState(username);
  useEffect(() => setDraft(username), [username]);
  const remote = useRemote(`referrals:${username}:${page}`, (signal) =>
    getClient().admin.listReferrals({ page, ...(username ? { username } : {}) }, { signal }),
  );
  const apply = (event: FormEvent) => {
    event.preventDefault();
    url.set({ username: draft.trim(), page: null });
  };
  return (
    <section className="admin-page">
      <PageHeading title="Referrals" />
      <form className="admin-filters" aria-label="Referrals" onSubmit={apply}>
        <TextField
          label="Username"
          autoComplete="off"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <div className="admin-filters__actions">
          <Button type="submit">Filter</Button>
        </div>
      </form>
      <RemoteView remote={remote} label="referrals" isEmpty={(data) => data.referrals.length === 0}>
        {(data) => (
          <>
            <DataTable
              label="Referrals found"
              columns={['Referrer', 'Referred', 'Status', 'Code', 'Date']}
              rows={data.referrals}
              rowKey={(referral) => referral.id}
              cells={(referral) => [
                <PartyLink key="referrer" party={referral.referrer} />,
                <PartyLink key="referred" party={referral.referred} />,
                referral.status.toLowerCase(),
                referral.code ?? '—',
                formatDate(referral.created_at),
              ]}
            />
            <Pager
              label="Referrals"
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
