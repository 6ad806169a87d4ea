/**
 * Reactivate a deleted account (`is_deleted`): the guard sends such a member here from every member
 * area. Reactivating restores the account, then start-up runs again as for a fresh login.
 */
import { isDeleted } from '@matchmaker/sdk/rules';
import { useSnapshot } from 'valtio';
import { Redirect } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { absolute, Button, ButtonLink, FormError, PageHeading, Spinner } from '../../components/index';
import { PATHS } from '../../config/paths';
import { useForm } from '../../lib/use-form';
import { logOut, sessionState } from '../../state/session';
import { reactivate } from './account-actions';
import './account.css';

export default function ReactivatePage() {
  const session = useSnapshot(sessionState);
  const form = useForm({
    initial: {},
    submit: reactivate,
    onSuccess: () => navigate(PATHS.matches, { replace: true }),
  });
  const { busy } = form;

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

  return (
    <section className="page page--narrow account-page">
      <PageHeading title="Welcome back">
        <p>
          The account of <strong>{session.user.first_name ?? session.user.username}</strong> was deleted.
          Reactivate it to see your matches and messages again; your profile and photos are still here.
        </p>
      </PageHeading>
      <div className="card form">
        <FormError message={form.errors.form} />
        <Button block busy={busy} onClick={() => void form.onSubmit()}>
          Reactivate my account
        </Button>
        <Button block variant="secondary" disabled={busy} onClick={() => void logOut()}>
          Log out
        </Button>
      </div>
    </section>
  );
}
