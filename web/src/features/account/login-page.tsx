import { isHttpError } from '@matchmaker/sdk';
import { LOGIN_NEXT_PARAM, LOGIN_SUSPENDED_PARAM, landingAfterLogin } from '@matchmaker/sdk/rules';
import { type FormEvent, Suspense, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Redirect, useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { AppLink, absolute, Button, PageHeading, TextField } from '../../components/index';
import { config, loadConfig } from '../../config/config';
import { PATHS } from '../../config/paths';
import { describeError } from '../../lib/error-message';
import { lazyScreen } from '../../lib/lazy';
import { logIn, SUSPENDED_NOTICE, sessionState } from '../../state/session';

// The consent prompt (and the Dialog) load only when asked for: the login page is on a size budget.
const SocialConsent = lazyScreen(() => import('./social-consent'));

export function LoginPage() {
  const session = useSnapshot(sessionState);
  const search = useSearch();
  // The flag in the link (SPEC.md section 2), or the suspension logout this page was opened by.
  const query = new URLSearchParams(search);
  const suspended = query.get(LOGIN_SUSPENDED_PARAM) === 'true' || session.endedBecause === 'suspended';
  // Where a guard sent the visitor from; the SDK refuses anything but a same-origin path the
  // user's role may open, and lands on the role's home instead.
  const returnTo = query.get(LOGIN_NEXT_PARAM);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const [consent, setConsent] = useState(false);

  if (!busy && (session.status === 'member' || session.status === 'admin')) {
    return <Redirect to={absolute(landingAfterLogin(session.user, returnTo))} replace />;
  }

  const notice = suspended ? SUSPENDED_NOTICE : session.notice;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) next.email = 'Enter your email address, like name@example.com.';
    if (password === '') next.password = 'Enter your password.';
    setErrors(next);
    if (next.email || next.password) return;
    setBusy(true);
    try {
      await logIn(email.trim(), password);
      // No user: the login ended the session at once (a suspension), and the logout has already
      // brought the visitor back here with the reason.
      if (sessionState.user) navigate(landingAfterLogin(sessionState.user, returnTo), { replace: true });
    } catch (error) {
      setErrors({
        form:
          isHttpError(error) && (error.status === 400 || error.status === 401 || error.status === 404)
            ? 'The email or password is not correct.'
            : describeError(error),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page page--narrow">
      <PageHeading title="Log in">
        <p>Welcome back. Log in to see your matches and messages.</p>
      </PageHeading>
      {notice ? (
        <div
          className={suspended ? 'notice notice--error' : 'notice notice--warning'}
          role="alert"
          data-testid="login-notice"
        >
          {notice}
        </div>
      ) : null}
      <form
        className="card form"
        onSubmit={onSubmit}
        noValidate
        aria-describedby={errors.form ? 'login-error' : undefined}
      >
        {errors.form ? (
          <p className="form__error" id="login-error" role="alert">
            {errors.form}
          </p>
        ) : null}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          error={errors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" block busy={busy}>
          Log in
        </Button>
        <p className="form__or">or</p>
        {/* The configuration is parsed right after the first paint; wait for it in the rare case of
            a click before then. */}
        <Button variant="secondary" block onClick={() => void loadConfig().then(() => setConsent(true))}>
          Continue with social sign-in
        </Button>
        <p className="form__links">
          <AppLink href={PATHS.forgotPassword}>Forgot your password?</AppLink>
          <span aria-hidden="true"> · </span>
          <AppLink href={PATHS.register}>Create an account</AppLink>
        </p>
      </form>
      {consent ? (
        <Suspense fallback={null}>
          <SocialConsent provider={config().socialSignIn} next={returnTo} onClose={() => setConsent(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
