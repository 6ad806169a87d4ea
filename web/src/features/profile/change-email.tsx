/**
 * Changing the email: a confirmation link goes to the new address (the account page
 * /preferences/change-email completes it), so a typo cannot lock the member out.
 */
import { useState } from 'react';
import { Button, TextField } from '../../components/index';
import { getClient } from '../../lib/client';
import { looksLikeEmail } from '../../lib/form-errors';
import { useFormCall } from '../../lib/use-form-call';

export function ChangeEmail({ current }: { current: string }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const { busy, errors, submit } = useFormCall();

  const onSubmit = async () => {
    const newEmail = email.trim();
    let answer: { message?: string } | undefined;
    const ok = await submit(
      {
        new_email: looksLikeEmail(email) ? undefined : 'Enter the new address, like name@example.com.',
        password: password === '' ? 'Enter your password to confirm it is you.' : undefined,
      },
      async () => {
        answer = await getClient().accounts.initiateEmailChange({ new_email: newEmail, password });
      },
    );
    if (!ok) return;
    setSent(answer?.message ?? `We sent a confirmation link to ${newEmail}.`);
    setOpen(false);
    setPassword('');
  };

  return (
    <div className="change-email">
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        readOnly
        value={current}
        hint="Changing it needs a confirmation from the new address."
      />
      {sent ? (
        <p className="notice notice--info" role="status">
          {sent} Open it to finish the change.
        </p>
      ) : null}
      {open ? (
        // A nested form is not allowed: this is a group whose button submits by itself.
        <fieldset className="change-email__form">
          <legend className="visually-hidden">Change email</legend>
          {errors.form ? (
            <p className="form__error" role="alert">
              {errors.form}
            </p>
          ) : null}
          <TextField
            label="New email"
            name="new_email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            error={errors.new_email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <TextField
            label="Your password"
            name="current_password"
            type="password"
            autoComplete="current-password"
            value={password}
            error={errors.password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <div className="button-row">
            <Button busy={busy} onClick={onSubmit}>
              Send confirmation link
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
          </div>
        </fieldset>
      ) : (
        <div>
          <Button variant="secondary" onClick={() => setOpen(true)}>
            Change email
          </Button>
        </div>
      )}
    </div>
  );
}
