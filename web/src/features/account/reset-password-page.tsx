/** Reset password from the emailed link (`/account/reset-password?token=&email=`). */
import { type FormEvent, useState } from 'react';
import { useSearch } from 'wouter';
import { AppLink, Button, ButtonLink, ErrorState, PageHeading, TextField } from '../../components/index';
import { PATHS } from '../../config/paths';
import { loadClient } from '../../lib/client';
import { formErrorsOf } from '../../lib/form-errors';
import { ACCOUNT_PATHS } from './account-paths';
import './account.css';

export default function ResetPasswordPage() {
  const query = new URLSearchParams(useSearch());
  const token = query.get('token')?.trim() ?? '';
  const email = query.get('email')?.trim() ?? '';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ new_password?: string; repeat?: string; form?: string | null }>({});
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  if (!token || !email) {
    return (
      <section className="page page--narrow account-page">
        <PageHeading title="Choose a new password" />
        <ErrorState
          title="This reset link is incomplete"
          message="Open the link from the email again, or ask for a new one."
          action={<ButtonLink href={ACCOUNT_PATHS.forgotPassword}>Ask for a new link</ButtonLink>}
        />
      </section>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (password === '') next.new_password = 'Choose a new password.';
    else if (repeat !== password) next.repeat = 'The two passwords are not the same.';
    setErrors(next);
    if (next.new_password || next.repeat) return;
    setBusy(true);
    try {
      const client = await loadClient();
      await client.accounts.resetPassword({ email, token, new_password: password });
      setDone(true);
    } catch (failure) {
      const found = formErrorsOf(failure, ['new_password', 'token']);
      setErrors({
        ...(found.fields.new_password ? { new_password: found.fields.new_password } : {}),
        form: found.fields.token ? 'This reset link is invalid, already used or expired.' : found.form,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page page--narrow account-page">
      <PageHeading title="Choose a new password">
        <p>
          For <strong>{email}</strong>.
        </p>
      </PageHeading>
      {done ? (
        <div className="card account-result" role="status">
          <h2>Your password is changed</h2>
          <p>Log in with your new password. Other devices were logged out.</p>
          <ButtonLink href={PATHS.login}>Log in</ButtonLink>
        </div>
      ) : (
        <form className="card form" onSubmit={onSubmit} noValidate>
          {errors.form ? (
            <div className="form__error" role="alert">
              <p>{errors.form}</p>
              <AppLink href={ACCOUNT_PATHS.forgotPassword}>Ask for a new link</AppLink>
            </div>
          ) : null}
          <TextField
            label="New password"
            name="new_password"
            type="password"
            autoComplete="new-password"
            required
            value={password}
            error={errors.new_password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <TextField
            label="Repeat the new password"
            name="repeat_password"
            type="password"
            autoComplete="new-password"
            required
            value={repeat}
            error={errors.repeat}
            onChange={(event) => setRepeat(event.target.value)}
          />
          <Button type="submit" block busy={busy}>
            Save new password
          </Button>
        </form>
      )}
    </section>
  );
}
