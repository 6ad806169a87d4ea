/**
 * Confirms the account from the emailed link (`/account/confirm?token=`). The token is single use,
 * so the call is made once per token even if React mounts the page twice.
 */
import { isHttpError } from '@matchmaker/sdk';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { ButtonLink, ErrorState, PageHeading, Spinner } from '../../components/index';
import { PATHS } from '../../config/paths';
import { describeError } from '../../lib/error-message';
import { confirmAccount } from './account-actions';
import { ACCOUNT_PATHS } from './account-paths';
import './account.css';

type Status = { state: 'confirming' } | { state: 'confirmed' } | { state: 'failed'; message: string };

export default function ConfirmPage() {
  const token = new URLSearchParams(useSearch()).get('token')?.trim() ?? '';
  const [status, setStatus] = useState<Status>(
    token ? { state: 'confirming' } : { state: 'failed', message: 'This confirmation link has no token.' },
  );

  useEffect(() => {
    if (!token) return;
    let live = true;
    setStatus({ state: 'confirming' });
    confirmAccount({ token }).then(
      () => live && setStatus({ state: 'confirmed' }),
      (error: unknown) =>
        live &&
        setStatus({
          state: 'failed',
          message:
            isHttpError(error) && error.status === 400
              ? 'This confirmation link is invalid, already used or expired.'
              : describeError(error),
        }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <section className="page page--narrow account-page">
      <PageHeading title="Confirm your account" />
      {status.state === 'confirming' ? <Spinner label="Confirming your account" /> : null}
      {status.state === 'confirmed' ? (
        <div className="card account-result" role="status">
          <h2>Your account is confirmed</h2>
          <p>Thank you. You can now log in and complete your profile.</p>
          <ButtonLink href={PATHS.login}>Log in</ButtonLink>
        </div>
      ) : null}
      {status.state === 'failed' ? (
        <ErrorState
          title="We could not confirm your account"
          message={status.message}
          action={<ButtonLink href={ACCOUNT_PATHS.verifyEmail}>Send a new link</ButtonLink>}
        />
      ) : null}
    </section>
  );
}
