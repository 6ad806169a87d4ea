/**
 * Identity verification: send identity documents and follow the status of each request.
 * Uploads join the member's open request (the service starts one when there is none).
 */
import type { KycRequest } from '@matchmaker/sdk/schemas';
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { FileField, SelectField } from '../../components/choice-fields';
import { Button, EmptyState, ErrorState, FormError, PageHeading, Spinner } from '../../components/index';
import { PAGE_FRAMES } from '../../config/page-frames';
import { describeError } from '../../lib/error-message';
import { useForm } from '../../lib/use-form';
import { sessionState } from '../../state/session';
import { DOCUMENT_TYPES, isAcceptedDocument, STATUS_TEXT } from './kyc';
import { loadVerification, memberId, PartialUpload, profileData, uploadDocuments } from './profile-state';
import { ProfileTabs } from './profile-tabs';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export default function VerificationPage() {
  const { user } = useSnapshot(sessionState);
  const { verification } = useSnapshot(profileData);
  const userId = user ? memberId(user) : null;

  useEffect(() => {
    if (userId) void loadVerification(userId);
  }, [userId]);

  if (!userId) return null;
  const reload = () => loadVerification(userId, true);
  const current = verification.status === 'ready' ? verification.data : null;
  const open = current?.requests.some(
    (request) => request.status === 'PENDING' || request.status === 'IN_REVIEW',
  );

  return (
    <section className="page profile-page">
      <PageHeading {...PAGE_FRAMES.profile.verification} />
      <ProfileTabs />
      {verification.status === 'idle' || verification.status === 'loading' ? (
        <Spinner label="Loading your verification status" />
      ) : null}
      {verification.status === 'error' ? (
        <ErrorState
          title="We could not load your verification status"
          message={verification.error ?? ''}
          onRetry={reload}
        />
      ) : null}
      {current ? (
        <>
          <div
            className={`card kyc-status kyc-status--${STATUS_TEXT[current.status].tone}`}
            data-testid="kyc-status"
          >
            <h2 className="kyc-status__title">
              Status: <span>{STATUS_TEXT[current.status].label}</span>
            </h2>
            <p>
              {current.verified && current.status !== 'APPROVED' ? 'You were verified before. ' : ''}
              {STATUS_TEXT[current.status].explain}
            </p>
          </div>
          {current.status !== 'APPROVED' ? (
            <UploadDocument joinsOpen={open === true} onSent={reload} />
          ) : null}
          <RequestList requests={current.requests} />
        </>
      ) : null}
    </section>
  );
}

function UploadDocument({ joinsOpen, onSent }: { joinsOpen: boolean; onSent: () => Promise<unknown> }) {
  const [files, setFiles] = useState<File[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const form = useForm({
    initial: { document_type: '' },
    validate: ({ document_type }) => {
      const wrong = files.find((file) => !isAcceptedDocument(file));
      return {
        document_type: document_type ? undefined : 'Choose the kind of document.',
        files: wrong
          ? `${wrong.name} is not an image or a PDF.`
          : files.length === 0
            ? 'Choose the photo or scan of your document.'
            : undefined,
      };
    },
    submit: ({ document_type }) => uploadDocuments(files, document_type),
    fields: ['document_type', 'files'],
    // Say exactly what arrived, so nothing is sent twice on a retry.
    failureMessage: (error) => {
      if (!(error instanceof PartialUpload)) return undefined;
      return `${error.sent} of ${files.length} files were sent; ${files[error.sent]?.name} failed: ${describeError(error.cause)}`;
    },
    successToast: (sent) =>
      sent === 1 ? 'Your document is sent for review.' : `Your ${sent} documents are sent for review.`,
    onSuccess: () => {
      setFiles([]);
      if (input.current) input.current.value = '';
      void onSent();
    },
    // What was sent stays sent: only the rest is left to send again.
    onFailure: (error) => {
      if (error instanceof PartialUpload) setFiles((old) => old.slice(error.sent));
      void onSent();
    },
  });

  return (
    <form className="card form" onSubmit={form.onSubmit} noValidate aria-labelledby="kyc-upload-title">
      <h2 id="kyc-upload-title" className="upload__title">
        {joinsOpen ? 'Add a document to your request' : 'Send your documents'}
      </h2>
      <p className="field__hint">
        A clear photo or scan of an official document with your name, photo and date of birth. Images or PDF.
      </p>
      <FormError message={form.errors.form} />
      <SelectField
        label="Document"
        required
        placeholder="Choose…"
        options={DOCUMENT_TYPES}
        {...form.field('document_type')}
      />
      <FileField
        id="kyc-files"
        name="files"
        label="Files"
        required
        multiple
        accept="image/*,application/pdf"
        inputRef={input}
        error={form.errors.files}
        onFiles={setFiles}
      >
        {files.length > 0 ? (
          <ul className="file-list">
            {files.map((file) => (
              <li key={`${file.name}-${file.size}`}>
                {file.name} ({Math.max(1, Math.round(file.size / 1024))} KB)
              </li>
            ))}
          </ul>
        ) : null}
      </FileField>
      <div>
        <Button type="submit" busy={form.busy}>
          Send for review
        </Button>
      </div>
    </form>
  );
}

function RequestList({ requests }: { requests: readonly KycRequest[] }) {
  if (requests.length === 0) {
    return (
      <EmptyState title="No verification requests yet">
        <p>Send a document above to start one.</p>
      </EmptyState>
    );
  }
  return (
    <section aria-labelledby="kyc-history-title">
      <h2 id="kyc-history-title" className="section-title">
        Your requests
      </h2>
      <ul className="kyc-requests">
        {requests.map((request) => (
          <li key={request.id} className="card kyc-request" data-testid="kyc-request">
            <p className="kyc-request__head">
              <span className={`tag tag--${STATUS_TEXT[request.status].tone}`}>
                {STATUS_TEXT[request.status].label}
              </span>
              <span>Sent {dateFormat.format(new Date(request.created_at))}</span>
            </p>
            <p className="kyc-request__detail">
              {request.documents?.length ?? 0} document{request.documents?.length === 1 ? '' : 's'}
              {request.reviewed_at ? ` · reviewed ${dateFormat.format(new Date(request.reviewed_at))}` : ''}
            </p>
            {request.comment ? (
              <p className="kyc-request__comment">Note from the review team: {request.comment}</p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
