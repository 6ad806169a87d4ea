/** Referrals: who brought whom, filtered by username, page by page (`?username=&page=`). */
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Button, PageHeading, TextField } from '../../../components/index';
import { getClient } from '../../../lib/client';
import { formatDate, fullName } from '../lib/format';
import { Pager } from '../lib/pager';
import { RemoteView } from '../lib/remote-view';
import { ScrollRegion } from '../lib/scroll-region';
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
            <ScrollRegion label="Referrals found">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">Referrer</th>
                    <th scope="col">Referred</th>
                    <th scope="col">Status</th>
                    <th scope="col">Code</th>
                    <th scope="col">Date</th>
                  </tr>
                </thead>
                <tbody>
                  {data.referrals.map((referral) => (
                    <tr key={referral.id}>
                      <td>
                        <PartyLink party={referral.referrer} />
                      </td>
                      <td>
                        <PartyLink party={referral.referred} />
                      </td>
                      <td>{referral.status.toLowerCase()}</td>
                      <td>{referral.code ?? '—'}</td>
                      <td>{formatDate(referral.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
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
