/** Forgot password: sends the reset link. The answer is the same whether or not the address is registered. */
import { type FormEvent, useState } from 'react';
import { AppLink, Button, PageHeading, TextField } from '../../components/index';
import { PATHS } from '../../config/paths';
import { loadClient } from '../../lib/client';
import { formErrorsOf, looksLikeEmail } from '../../lib/form-errors';
import './account.css';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!looksLikeEmail(email)) {
      setError('Enter your email address, like name@example.com.');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const client = await loadClient();
      await client.accounts.forgotPassword({ email: email.trim() });
      setSentTo(email.trim());
    } catch (failure) {
      const found = formErrorsOf(failure, ['email']);
      setError(found.fields.email ?? found.form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page page--narrow account-page">
      <PageHeading title="Forgot your password?">
        <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
      </PageHeading>
      {sentTo ? (
        <div className="card account-result" role="status">
          <h2>Check your email</h2>
          <p>
            If <strong>{sentTo}</strong> belongs to an account, a link to reset the password is on its way. It
            is valid for 24 hours.
          </p>
          <p className="form__links">
            <AppLink href={PATHS.login}>Back to log in</AppLink>
          </p>
        </div>
      ) : (
        <form className="card form" onSubmit={onSubmit} noValidate>
          <TextField
            label="Email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            value={email}
            error={error}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" block busy={busy}>
            Send reset link
          </Button>
          <p className="form__links">
            <AppLink href={PATHS.login}>Back to log in</AppLink>
          </p>
        </form>
      )}
    </section>
  );
}
