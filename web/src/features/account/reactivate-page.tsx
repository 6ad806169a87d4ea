/**
 * Reactivate a deleted account (`is_deleted`): the guard sends such a member here from every member
 * area. Reactivating restores the account, then start-up runs again as for a fresh login.
 */
import { isDeleted } from '@matchmaker/sdk/rules';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Redirect } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { absolute, Button, ButtonLink, PageHeading, Spinner } from '../../components/index';
import { PATHS } from '../../config/paths';
import { getClient } from '../../lib/client';
import { describeError } from '../../lib/error-message';
import { logOut, reloadSession, sessionState } from '../../state/session';
import './account.css';

export default function ReactivatePage() {
  const session = useSnapshot(sessionState);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (session.status === 'starting') return <Spinner label="Loading your account" />;
  if (session.status === 'anonymous' || !session.user) {
    return (
      <section className="page page--narrow account-page">
        <PageHeading title="Reactivate your account">
          <p>Log in with the account you deleted; you will be offered to reactivate it.</p>
        </PageHeading>
        <ButtonLink href={PATHS.login}>Log in</ButtonLink>
      </section>
    );
  }
  if (!busy && !isDeleted(session.user)) return <Redirect to={absolute(PATHS.matches)} replace />;

  const reactivate = async () => {
    setBusy(true);
    setError(null);
    try {
      await getClient().accounts.activate();
      await reloadSession();
      navigate(PATHS.matches, { replace: true });
    } catch (failure) {
      setError(describeError(failure));
      setBusy(false);
    }
  };

  return (
    <section className="page page--narrow account-page">
      <PageHeading title="Welcome back">
        <p>
          The account of <strong>{session.user.first_name ?? session.user.username}</strong> was deleted.
          Reactivate it to see your matches and messages again; your profile and photos are still here.
        </p>
      </PageHeading>
      <div className="card form">
        {error ? (
          <p className="form__error" role="alert">
            {error}
          </p>
        ) : null}
        <Button block busy={busy} onClick={reactivate}>
          Reactivate my account
        </Button>
        <Button block variant="secondary" disabled={busy} onClick={() => void logOut()}>
          Log out
        </Button>
      </div>
    </section>
  );
}
