/** Referrals: who brought whom, filtered by username, page by page (`?username=&page=`). */
import { Link } from 'wouter';
import { PageHeading, TextField } from '../../../components/index';
import { PAGE_FRAMES } from '../../../config/page-frames';
import { listReferrals } from '../admin-actions';
import { AdminList } from '../lib/admin-list';
import { FilterForm, useUrlFilters } from '../lib/filter-form';
import { formatDate, fullName } from '../lib/format';

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
  const { url, applied, form } = useUrlFilters(['username']);
  const { username } = applied;
  const page = url.page();
  return (
    <section className="admin-page">
      <PageHeading {...PAGE_FRAMES.admin.referrals} />
      <FilterForm label="Referrals" form={form} submitLabel="Filter">
        <TextField label="Username" autoComplete="off" {...form.field('username')} />
      </FilterForm>
      <AdminList
        requestKey={`referrals:${username}:${page}`}
        request={(signal) => listReferrals({ page, ...(username ? { username } : {}) }, signal)}
        rows={(answer) => answer.referrals}
        noun="referrals"
        label="Referrals found"
        pagerLabel="Referrals"
        columns={['Referrer', 'Referred', 'Status', 'Code', 'Date']}
        rowKey={(referral) => referral.id}
        cells={(referral) => [
          <PartyLink key="referrer" party={referral.referrer} />,
          <PartyLink key="referred" party={referral.referred} />,
          referral.status.toLowerCase(),
          referral.code ?? '—',
          formatDate(referral.created_at),
        ]}
      />
    </section>
  );
}
