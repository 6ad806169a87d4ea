import { isHttpError } from '@matchmaker/sdk';
import { LOGIN_NEXT_PARAM, LOGIN_SUSPENDED_PARAM, landingAfterLogin } from '@matchmaker/sdk/rules';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Redirect, useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { EmailField, PasswordField } from '../../components/credential-fields';
import { AppLink, absolute, Button, FormError, PageHeading } from '../../components/index';
import { config, loadConfig } from '../../config/config';
import { PAGE_FRAMES } from '../../config/page-frames';
import { PATHS } from '../../config/paths';
import { describeError } from '../../lib/error-message';
import { lazyScreen, ScreenFallback } from '../../lib/lazy';
import { useForm } from '../../lib/use-form';
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
  const [consent, setConsent] = useState(false);
  const form = useForm({
    initial: { email: '', password: '' },
    validate: ({ email, password }) => ({
      email: /^\S+@\S+\.\S+$/.test(email.trim())
        ? undefined
        : 'Enter your email address, like name@example.com.',
      password: password === '' ? 'Enter your password.' : undefined,
    }),
    submit: ({ email, password }) => logIn(email.trim(), password),
    // No user: the login ended the session at once (a suspension), and the logout has already
    // brought the visitor back here with the reason.
    onSuccess: () => {
      if (sessionState.user) navigate(landingAfterLogin(sessionState.user, returnTo), { replace: true });
    },
    // The server's refusal names no field the member could fix: one message for both.
    fields: [],
    failureMessage: (error) =>
      isHttpError(error) && (error.status === 400 || error.status === 401 || error.status === 404)
        ? 'The email or password is not correct.'
        : describeError(error),
  });
  const { errors } = form;

  if (!form.busy && (session.status === 'member' || session.status === 'admin')) {
    return <Redirect to={absolute(landingAfterLogin(session.user, returnTo))} replace />;
  }

  const notice = suspended ? SUSPENDED_NOTICE : session.notice;

  return (
    <section className="page page--narrow">
      <PageHeading {...PAGE_FRAMES.account.login} />
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
        onSubmit={form.onSubmit}
        noValidate
        aria-describedby={errors.form ? 'login-error' : undefined}
      >
        <FormError message={errors.form} id="login-error" />
        <EmailField field={form.field('email')} />
        <PasswordField field={form.field('password')} />
        <Button type="submit" block busy={form.busy}>
          Log in
        </Button>
        <p className="form__or">or</p>
        {/* The configuration is parsed right after the first paint; wait for it in the rare case of
            a click before then. */}
        <Button variant="secondary" block onClick={() => void loadConfig().then(() => setConsent(true))}>
          {/* "sign-" and "in" broke over two lines on a 375 px phone. One span: a button's
              children are flex items (components.css). */}
          <span>
            Continue with social <span className="keep-together">sign-in</span>
          </span>
        </Button>
        <p className="form__links">
          <AppLink href={PATHS.forgotPassword}>Forgot your password?</AppLink>
          <span aria-hidden="true"> · </span>
          <AppLink href={PATHS.register}>Create an account</AppLink>
        </p>
      </form>
      {consent ? (
        <ScreenFallback fallback={null}>
          <SocialConsent provider={config().socialSignIn} next={returnTo} onClose={() => setConsent(false)} />
        </ScreenFallback>
      ) : null}
    </section>
  );
}
