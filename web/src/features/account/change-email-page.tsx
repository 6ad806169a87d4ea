/**
 * Completes an email change from the link sent to the new address
 * (`/account/change-email?token=&email=`); the profile's 'Change email' starts it.
 */
import { isHttpError } from '@matchmaker/sdk';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { ButtonLink, ErrorState, PageHeading, Spinner } from '../../components/index';
import { PATHS } from '../../config/paths';
import { loadClient, loadedClient } from '../../lib/client';
import { describeError } from '../../lib/error-message';
import { replaceUser } from '../../state/session';
import './account.css';

const changes = new Map<string, Promise<string>>();

function changeOnce(token: string, email: string): Promise<string> {
  let running = changes.get(token);
  if (!running) {
    running = loadClient()
      .then((client) => client.accounts.changeEmail({ new_email: email, token }))
      .then(async (answer) => {
        // A logged-in member sees the new address at once.
        const client = loadedClient();
        if (client && (await client.session.isLoggedIn())) replaceUser(await client.accounts.userInfo());
        return answer.email ?? email;
      })
      .catch((error: unknown) => {
        changes.delete(token);
        throw error;
      });
    changes.set(token, running);
  }
  return running;
}

type Status = { state: 'working' } | { state: 'done'; email: string } | { state: 'failed'; message: string };

export default function ChangeEmailPage() {
  const query = new URLSearchParams(useSearch());
  const token = query.get('token')?.trim() ?? '';
  const email = query.get('email')?.trim() ?? '';
  const [status, setStatus] = useState<Status>(
    token && email ? { state: 'working' } : { state: 'failed', message: 'This link is incomplete.' },
  );

  useEffect(() => {
    if (!token || !email) return;
    let live = true;
    changeOnce(token, email).then(
      (changed) => live && setStatus({ state: 'done', email: changed }),
      (error: unknown) =>
        live &&
        setStatus({
          state: 'failed',
          message:
            isHttpError(error) && error.status === 400
              ? 'This link is invalid, already used or expired. Start the change again from your profile.'
              : describeError(error),
        }),
    );
    return () => {
      live = false;
    };
  }, [token, email]);

  return (
    <section className="page page--narrow account-page">
      <PageHeading title="Confirm your new email" />
      {status.state === 'working' ? <Spinner label="Changing your email" /> : null}
      {status.state === 'done' ? (
        <div className="card account-result" role="status">
          <h2>Your email is changed</h2>
          <p>
            From now on, log in with <strong>{status.email}</strong>.
          </p>
          <ButtonLink href={PATHS.profile}>Go to your profile</ButtonLink>
        </div>
      ) : null}
      {status.state === 'failed' ? (
        <ErrorState
          title="We could not change your email"
          message={status.message}
          action={<ButtonLink href={PATHS.profile}>Go to your profile</ButtonLink>}
        />
      ) : null}
    </section>
  );
}
