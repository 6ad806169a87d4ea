/** The KYC review queue, 15 per page, filtered by status; `?status=&page=` in the URL. */
import { Link } from 'wouter';
import { PageHeading } from '../../../components/index';
import { PAGE_FRAMES } from '../../../config/page-frames';
import { listKycRequests } from '../admin-actions';
import { AdminList } from '../lib/admin-list';
import { formatDateTime, fullName } from '../lib/format';
import { SelectField } from '../lib/select-field';
import { isKey, KYC_STATUS_LABELS, type KycStatus } from '../lib/types';
import { useUrlState } from '../lib/url-state';

const STATUS_OPTIONS = [['', 'Every status'], ...Object.entries(KYC_STATUS_LABELS)] as const;

/** The queue's filter as the list call takes it. */
export function queueFilter(status: string): { status?: KycStatus } {
  return isKey(KYC_STATUS_LABELS, status) ? { status } : {};
}

export default function KycQueuePage() {
  const url = useUrlState();
  const status = url.get('status');
  const page = url.page();
  const context = new URLSearchParams({ ...(status ? { status } : {}), page: String(page) }).toString();

  return (
    <section className="admin-page">
      <PageHeading {...PAGE_FRAMES.admin.kyc} />
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
      <AdminList
        requestKey={`kyc:${status}:${page}`}
        request={(signal) => listKycRequests({ page, ...queueFilter(status) }, signal)}
        rows={(answer) => answer.requests}
        noun="requests"
        label="KYC requests"
        pagerLabel="KYC requests"
        empty={
          <p className="admin-empty">
            No request{' '}
            {status
              ? `is ${KYC_STATUS_LABELS[queueFilter(status).status ?? 'PENDING'].toLowerCase()}`
              : 'yet'}
            .
          </p>
        }
        columns={['Member', 'Status', 'Document', 'Sent']}
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
    </section>
  );
}
