/** The KYC review queue, 15 per page, filtered by status; `?status=&page=` in the URL. */
import { KYC_PAGE_SIZE } from '@matchmaker/sdk/rules';
import { Link } from 'wouter';
import { PageHeading } from '../../../components/index';
import { getClient } from '../../../lib/client';
import { DataTable } from '../lib/data-table';
import { formatDateTime, fullName } from '../lib/format';
import { Pager } from '../lib/pager';
import { RemoteView } from '../lib/remote-view';
import { SelectField } from '../lib/select-field';
import { isKey, KYC_STATUS_LABELS, type KycStatus } from '../lib/types';
import { useUrlState } from '../lib/url-state';
import { useRemote } from '../lib/use-remote';

const STATUS_OPTIONS = [['', 'Every status'], ...Object.entries(KYC_STATUS_LABELS)] as const;

/** The queue's filter as the list call takes it. */
export function queueFilter(status: string): { status?: KycStatus } {
  return isKey(KYC_STATUS_LABELS, status) ? { status } : {};
}

export default function KycQueuePage() {
  const url = useUrlState();
  const status = url.get('status');
  const page = url.page();
  const remote = useRemote(`kyc:${status}:${page}`, (signal) =>
    getClient().kyc.listRequests({ page, ...queueFilter(status) }, { signal }),
  );
  const context = new URLSearchParams({ ...(status ? { status } : {}), page: String(page) }).toString();

  return (
    <section className="admin-page">
      <PageHeading title="KYC review">
        <p>Identity verification requests, {KYC_PAGE_SIZE} per page, newest first.</p>
      </PageHeading>
      <div className="admin-toolbar">
        <SelectField
          label="Status"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(event) => url.set({ status: event.target.value, page: null })}
        />
        <Link href="/kyc/metrics" className="btn btn--secondary">
          KYC metrics
        </Link>
      </div>
      <RemoteView
        remote={remote}
        label="requests"
        isEmpty={(data) => data.requests.length === 0}
        empty={
          <p className="admin-empty">
            No request{' '}
            {status
              ? `is ${KYC_STATUS_LABELS[queueFilter(status).status ?? 'PENDING'].toLowerCase()}`
              : 'yet'}
            .
          </p>
        }
      >
        {(data) => (
          <>
            <DataTable
              label="KYC requests"
              columns={['Member', 'Status', 'Document', 'Sent']}
              rows={data.requests}
              rowKey={(request) => request.id}
              cells={(request) => [
                <Link
                  key="member"
                  href={`/kyc/${encodeURIComponent(request.user_id)}/${encodeURIComponent(request.id)}?${context}`}
                >
                  Review {request.user_info ? fullName(request.user_info) : `request ${request.id}`}
                </Link>,
                <span key="status" className={`admin-badge admin-badge--${request.status.toLowerCase()}`}>
                  {KYC_STATUS_LABELS[request.status]}
                </span>,
                `${request.document_type ?? 'Document'} (${request.documents?.length ?? 0})`,
                formatDateTime(request.created_at),
              ]}
            />
            <Pager
              label="KYC requests"
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
