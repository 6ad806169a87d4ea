/**
 * 'Check your email' after registration, and the place to send the confirmation link again
 * (resend verification). The answer never says whether an address is registered.
 */
import { type FormEvent, useState } from 'react';
import { useSearch } from 'wouter';
import { AppLink, Button, PageHeading, TextField } from '../../components/index';
import { PATHS } from '../../config/paths';
import { loadClient } from '../../lib/client';
import { formErrorsOf, looksLikeEmail } from '../../lib/form-errors';
import { pendingEmail, rememberPendingEmail } from './pending-email';
import './account.css';

export default function VerifyEmailPage() {
  const registered = new URLSearchParams(useSearch()).get('registered') === '1';
  const [email, setEmail] = useState(pendingEmail);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    if (!looksLikeEmail(email)) {
      setError('Enter your email address, like name@example.com.');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const client = await loadClient();
      const answer = await client.accounts.sendAccountVerification({ email: email.trim() });
      rememberPendingEmail(email.trim());
      setSent(answer?.message ?? 'If the account exists and is not confirmed yet, we have sent a new link.');
    } catch (failure) {
      const found = formErrorsOf(failure, ['email']);
      setError(found.fields.email ?? found.form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page page--narrow account-page">
      <PageHeading title={registered ? 'Check your email' : 'Confirm your email address'}>
        {registered ? (
          <p>
            Your account is created. We sent a confirmation link to <strong>{email}</strong>. Open it to
            confirm your address, then log in.
          </p>
        ) : (
          <p>Lost the confirmation email, or the link expired? We can send a new one.</p>
        )}
      </PageHeading>
      {sent ? (
        <p className="notice notice--info" role="status">
          {sent}
        </p>
      ) : null}
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
        <Button type="submit" variant={registered ? 'secondary' : 'primary'} block busy={busy}>
          Send the confirmation link again
        </Button>
        <p className="form__links">
          <AppLink href={PATHS.login}>Back to log in</AppLink>
        </p>
      </form>
    </section>
  );
}
