/**
 * Where the social sign-in provider sends the member back: `?access_token=&refresh_token=&
 * new_user=&state=` after Allow, `?error=access_denied&state=` after Deny. The tokens leave the
 * address bar at once (history, screenshots, referrers), the state must match the attempt this tab
 * started, and a new member completes the account before going on.
 */
import { landingAfterLogin } from '@matchmaker/sdk/rules';
import { useEffect, useState } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { ButtonLink, ErrorState, PageHeading, Spinner } from '../../components/index';
import { PATHS } from '../../config/paths';
import { describeError } from '../../lib/error-message';
import { logInWithTokens, sessionState } from '../../state/session';
import { CompleteAccountForm } from './complete-account-form';
import { takeSocialAttempt } from './social-sign-in';
import './account.css';

type Outcome =
  | { state: 'signing-in'; next: string | null }
  | { state: 'complete-account' }
  | { state: 'failed'; title: string; message: string };

interface Callback {
  accessToken: string;
  refreshToken: string;
  newUser: boolean;
  state: string;
  error: string;
}

function readCallback(search: string): Callback {
  const query = new URLSearchParams(search);
  return {
    accessToken: query.get('access_token') ?? '',
    refreshToken: query.get('refresh_token') ?? '',
    newUser: query.get('new_user') === 'true',
    state: query.get('state') ?? '',
    error: query.get('error') ?? '',
  };
}

/** One sign-in per redirect, even when React runs the effect twice. */
let handled: { search: string; run: Promise<Outcome> } | null = null;

async function signIn(callback: Callback): Promise<Outcome> {
  const attempt = takeSocialAttempt();
  if (callback.error) {
    return callback.error === 'access_denied'
      ? {
          state: 'failed',
          title: 'Sign-in cancelled',
          message: 'You did not allow the sign-in. Nothing was shared.',
        }
      : { state: 'failed', title: 'Sign-in failed', message: `The provider answered: ${callback.error}.` };
  }
  if (!attempt || attempt.state !== callback.state) {
    return {
      state: 'failed',
      title: 'Sign-in not started here',
      message: 'This sign-in was not started from this browser tab, so we ignored it. Please start again.',
    };
  }
  if (!callback.accessToken || !callback.refreshToken) {
    return { state: 'failed', title: 'Sign-in failed', message: 'The provider did not send a session.' };
  }
  try {
    await logInWithTokens({ accessToken: callback.accessToken, refreshToken: callback.refreshToken });
  } catch (error) {
    return { state: 'failed', title: 'Sign-in failed', message: describeError(error) };
  }
  if (sessionState.status === 'anonymous') {
    return {
      state: 'failed',
      title: 'Sign-in failed',
      message: 'We could not load your account. Please try again.',
    };
  }
  return callback.newUser ? { state: 'complete-account' } : { state: 'signing-in', next: attempt.next };
}

export default function SocialCallbackPage() {
  const [outcome, setOutcome] = useState<Outcome>({ state: 'signing-in', next: null });

  useEffect(() => {
    const search = window.location.search;
    if (handled?.search !== search || search === '') {
      handled = { search, run: signIn(readCallback(search)) };
      // The tokens must not stay in the address bar or the history.
      window.history.replaceState(window.history.state, '', window.location.pathname);
    }
    let live = true;
    handled.run.then((result) => {
      if (!live) return;
      if (result.state === 'signing-in') {
        navigate(landingAfterLogin(sessionState.user, result.next), { replace: true });
      } else setOutcome(result);
    });
    return () => {
      live = false;
    };
  }, []);

  if (outcome.state === 'complete-account') {
    return (
      <section className="page page--narrow account-page">
        <PageHeading title="Complete your account">
          <p>Welcome to Matchmaker. A few details before we find your matches.</p>
        </PageHeading>
        <CompleteAccountForm onDone={() => navigate(PATHS.profile, { replace: true })} />
      </section>
    );
  }
  return (
    <section className="page page--narrow account-page">
      <PageHeading title="Social sign-in" />
      {outcome.state === 'signing-in' ? <Spinner label="Signing you in" /> : null}
      {outcome.state === 'failed' ? (
        <ErrorState
          title={outcome.title}
          message={outcome.message}
          action={<ButtonLink href={PATHS.login}>Back to log in</ButtonLink>}
        />
      ) : null}
    </section>
  );
}
