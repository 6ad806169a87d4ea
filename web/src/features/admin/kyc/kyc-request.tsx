/**
 * One KYC request: the member's information, the documents and the decision. "Submit and next"
 * records the decision and opens the next undecided request of the queue the admin came from
 * (`?status=&page=` carried over), so a reviewer works through the queue without going back.
 */
import { useId, useRef } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { Button, ErrorState, PageHeading, Spinner } from '../../../components/index';
import { describeError } from '../../../lib/error-message';
import { notify } from '../../../lib/toast';
import { useForm } from '../../../lib/use-form';
import { getKycRequest, listKycRequests, reviewKycRequest } from '../admin-actions';
import { formatDate, formatDateTime, fullName } from '../lib/format';
import { KYC_STATUS_LABELS, type KycRequest } from '../lib/types';
import { useUrlState } from '../lib/url-state';
import { useRemote } from '../lib/use-remote';
import { DocumentViewer } from './document-viewer';
import { queueFilter } from './kyc-queue';

/** The exact words SPEC.md asks for when one request cannot be fetched. */
export const REQUEST_FETCH_ERROR =
  'An error occured while fetching the request data. Please refresh the page';

type Decision = 'APPROVED' | 'REJECTED';

export default function KycRequestPage() {
  const { userId = '', requestId = '' } = useParams<{ userId: string; requestId: string }>();
  const url = useUrlState();
  const remote = useRemote(`kyc-request:${userId}:${requestId}`, (signal) =>
    getKycRequest(userId, requestId, signal),
  );
  const queueHref = url.search ? `/kyc?${url.search}` : '/kyc';
  const { state } = remote;
  return (
    <section className="admin-page">
      <p className="admin-back">
        <Link href={queueHref}>← Back to the KYC queue</Link>
      </p>
      <PageHeading title={state.data?.user_info ? `KYC: ${fullName(state.data.user_info)}` : 'KYC request'} />
      {state.status === 'error' ? (
        <ErrorState title="Request not loaded" message={REQUEST_FETCH_ERROR} onRetry={remote.reload} />
      ) : state.data === null ? (
        <Spinner label="Loading the request" />
      ) : (
        <RequestView key={state.data.id} request={state.data} queueHref={queueHref} />
      )}
    </section>
  );
}

function RequestView({ request, queueHref }: { request: KycRequest; queueHref: string }) {
  const applicant = request.user_info;
  const owner = applicant ? fullName(applicant) : 'a deleted account';
  return (
    <div className="admin-grid">
      <section className="admin-card" aria-labelledby="kyc-member">
        <h2 id="kyc-member">Member</h2>
        {applicant ? (
          <dl className="admin-facts">
            <dt>Name</dt>
            <dd>{fullName(applicant)}</dd>
            <dt>Username</dt>
            <dd>{applicant.username}</dd>
            <dt>Email</dt>
            <dd className="admin-table__break">{applicant.email ?? '—'}</dd>
            <dt>Born</dt>
            <dd>{formatDate(applicant.date_of_birth)}</dd>
            <dt>Sex</dt>
            <dd>{applicant.sex ?? '—'}</dd>
            <dt>Lives in</dt>
            <dd>{[applicant.city, applicant.country].filter(Boolean).join(', ') || '—'}</dd>
          </dl>
        ) : (
          <p>The account no longer exists.</p>
        )}
        <dl className="admin-facts">
          <dt>Status</dt>
          <dd>{KYC_STATUS_LABELS[request.status]}</dd>
          <dt>Sent</dt>
          <dd>{formatDateTime(request.created_at)}</dd>
          {request.reviewed_at ? (
            <>
              <dt>Decided</dt>
              <dd>{formatDateTime(request.reviewed_at)}</dd>
            </>
          ) : null}
          {request.comment ? (
            <>
              <dt>Reason given</dt>
              <dd>{request.comment}</dd>
            </>
          ) : null}
        </dl>
        <DecisionForm request={request} queueHref={queueHref} />
      </section>
      <section className="admin-card admin-card--wide" aria-labelledby="kyc-documents">
        <h2 id="kyc-documents">Documents ({request.document_type ?? 'identity'})</h2>
        {(request.documents ?? []).length === 0 ? (
          <p>No document was sent.</p>
        ) : (
          (request.documents ?? []).map((document, index) => (
            <DocumentViewer key={document.id} document={document} index={index} owner={owner} />
          ))
        )}
      </section>
    </div>
  );
}

function DecisionForm({ request, queueHref }: { request: KycRequest; queueHref: string }) {
  const url = useUrlState();
  const [, navigate] = useLocation();
  const reasonId = useId();
  const errorId = useId();
  // Which button sent the form: "Submit and next" goes on to the queue's next request.
  const goNext = useRef(false);
  const form = useForm({
    initial: { decision: '', reason: '' },
    validate: ({ decision, reason }) => ({
      form: !decision
        ? 'Choose approve or reject.'
        : decision === 'REJECTED' && !reason.trim()
          ? 'Give the reason for the rejection; the member sees it.'
          : undefined,
    }),
    submit: async ({ decision, reason }) => {
      await reviewKycRequest(request.id, {
        status: decision as Decision,
        ...(reason.trim() ? { comment: reason.trim() } : {}),
      });
      return goNext.current ? nextRequest(request.id, url.get('status'), url.page()) : null;
    },
    fields: [],
    failureMessage: (caught) => describeError(caught),
    failureToast: true,
    successToast: (_next, { decision }) =>
      decision === 'APPROVED' ? 'Request approved' : 'Request rejected',
    onSuccess: (following) => {
      if (following) {
        navigate(
          `/kyc/${encodeURIComponent(following.user_id)}/${encodeURIComponent(following.id)}?${url.search}`,
        );
        return;
      }
      if (goNext.current) notify.info('No more requests to review in this queue');
      navigate(queueHref);
    },
  });
  const { decision } = form.values;
  const error = form.errors.form;
  const busy = form.busy ? (goNext.current ? 'next' : 'submit') : null;
  const send = (next: boolean) => {
    goNext.current = next;
    void form.onSubmit();
  };

  return (
    <form
      className="admin-decision"
      onSubmit={(event) => {
        event.preventDefault();
        send(false);
      }}
      aria-label="Decision"
    >
      <fieldset className="admin-decision__choices">
        <legend>Decision</legend>
        {(['APPROVED', 'REJECTED'] as const).map((value) => (
          <label key={value} className="admin-choice">
            <input
              type="radio"
              name="decision"
              value={value}
              checked={decision === value}
              onChange={() => form.set('decision', value)}
            />
            {value === 'APPROVED' ? 'Approve' : 'Reject'}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={reasonId}>
          Reason {decision === 'REJECTED' ? '(required)' : '(optional)'}
        </label>
        <textarea
          id={reasonId}
          className="field__input"
          rows={3}
          value={form.values.reason}
          onChange={(event) => form.set('reason', event.target.value)}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      {error ? (
        <p className="admin-confirm__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
      <div className="admin-actions">
        <Button type="submit" busy={busy === 'submit'} disabled={busy !== null}>
          Submit
        </Button>
        <Button
          variant="secondary"
          busy={busy === 'next'}
          disabled={busy !== null}
          onClick={() => send(true)}
        >
          Submit and next
        </Button>
      </div>
    </form>
  );
}

/** The first undecided request of the queue page after the decision (or of the following page). */
async function nextRequest(
  currentId: KycRequest['id'],
  status: string,
  page: number,
): Promise<KycRequest | null> {
  for (const candidatePage of [page, page + 1]) {
    const list = await listKycRequests({ page: candidatePage, ...queueFilter(status) });
    const found = list.requests.find(
      (request) =>
        request.id !== currentId && (request.status === 'PENDING' || request.status === 'IN_REVIEW'),
    );
    if (found) return found;
    if (candidatePage >= list.total_pages) break;
  }
  return null;
}
