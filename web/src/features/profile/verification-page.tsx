/**
 * Identity verification: send identity documents and follow the status of each request.
 * Uploads join the member's open request (the service starts one when there is none).
 */
import type { KycRequest } from '@matchmaker/sdk/schemas';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { SelectField } from '../../components/choice-fields';
import { Button, EmptyState, ErrorState, PageHeading, Spinner } from '../../components/index';
import { getClient } from '../../lib/client';
import { describeError } from '../../lib/error-message';
import { notify } from '../../lib/toast';
import { sessionState } from '../../state/session';
import { DOCUMENT_TYPES, isAcceptedDocument, KYC_DOCUMENT_IMAGE_TYPE, STATUS_TEXT } from './kyc';
import { loadVerification, memberId, profileData } from './profile-state';
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
  const reload = () => loadVerification(userId);
  const current = verification.state === 'ready' ? verification.value : null;
  const open = current?.requests.some(
    (request) => request.status === 'PENDING' || request.status === 'IN_REVIEW',
  );

  return (
    <section className="page profile-page">
      <PageHeading title="Identity verification">
        <p>
          Verified members show others they are who they say they are. Only our review team sees your
          documents, and they are never shown on your profile.
        </p>
      </PageHeading>
      <ProfileTabs />
      {verification.state === 'idle' || verification.state === 'loading' ? (
        <Spinner label="Loading your verification status" />
      ) : null}
      {verification.state === 'failed' ? (
        <ErrorState
          title="We could not load your verification status"
          message={describeError(verification.error)}
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

function UploadDocument({ joinsOpen, onSent }: { joinsOpen: boolean; onSent: () => Promise<void> }) {
  const [documentType, setDocumentType] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<{ type?: string; file?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!documentType) next.type = 'Choose the kind of document.';
    if (files.length === 0) next.file = 'Choose the photo or scan of your document.';
    const wrong = files.find((file) => !isAcceptedDocument(file));
    if (wrong) next.file = `${wrong.name} is not an image or a PDF.`;
    setErrors(next);
    if (next.type || next.file) return;
    setBusy(true);
    let sent = 0;
    try {
      for (const file of files) {
        await getClient().images.upload({
          file,
          filename: file.name,
          image_type: KYC_DOCUMENT_IMAGE_TYPE,
          document_type: documentType,
        });
        sent++;
      }
      notify.success(
        sent === 1 ? 'Your document is sent for review.' : `Your ${sent} documents are sent for review.`,
      );
      setFiles([]);
      if (input.current) input.current.value = '';
    } catch (error) {
      // Say exactly what arrived, so nothing is sent twice on a retry.
      setErrors({
        form:
          sent > 0
            ? `${sent} of ${files.length} files were sent; ${files[sent]?.name} failed: ${describeError(error)}`
            : describeError(error),
      });
      setFiles((old) => old.slice(sent));
    } finally {
      setBusy(false);
      await onSent();
    }
  };

  return (
    <form className="card form" onSubmit={onSubmit} noValidate aria-labelledby="kyc-upload-title">
      <h2 id="kyc-upload-title" className="upload__title">
        {joinsOpen ? 'Add a document to your request' : 'Send your documents'}
      </h2>
      <p className="field__hint">
        A clear photo or scan of an official document with your name, photo and date of birth. Images or PDF.
      </p>
      {errors.form ? (
        <p className="form__error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <SelectField
        label="Document"
        name="document_type"
        required
        placeholder="Choose…"
        options={DOCUMENT_TYPES}
        value={documentType}
        error={errors.type}
        onChange={(event) => setDocumentType(event.target.value)}
      />
      <div className={errors.file ? 'field field--invalid' : 'field'}>
        <label className="field__label" htmlFor="kyc-files">
          Files <span className="field__required">(required)</span>
        </label>
        <input
          ref={input}
          id="kyc-files"
          name="files"
          type="file"
          multiple
          accept="image/*,application/pdf"
          className="field__file"
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={errors.file ? 'kyc-files-error' : undefined}
          onChange={(event) => setFiles([...(event.target.files ?? [])])}
        />
        {errors.file ? (
          <p className="field__error" id="kyc-files-error">
            {errors.file}
          </p>
        ) : null}
        {files.length > 0 ? (
          <ul className="file-list">
            {files.map((file) => (
              <li key={`${file.name}-${file.size}`}>
                {file.name} ({Math.max(1, Math.round(file.size / 1024))} KB)
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div>
        <Button type="submit" busy={busy}>
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
