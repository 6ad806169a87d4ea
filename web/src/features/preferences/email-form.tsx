import { type FormEvent, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Button, TextField } from '../../components/index';
import { getClient } from '../../lib/client';
import { looksLikeEmail } from '../../lib/form-errors';
import { useFormCall } from '../../lib/use-form-call';
import { sessionState } from '../../state/session';
import { FormError } from './form-error';

/** Step one of an email change: the new address and the password; a link goes to the new address. */
export function EmailForm() {
  const session = useSnapshot(sessionState);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { busy, errors, submit } = useFormCall();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const newEmail = email.trim();
    const ok = await submit(
      {
        new_email: !looksLikeEmail(newEmail)
          ? 'Enter the new address, like name@example.com.'
          : newEmail.toLowerCase() === session.user?.email?.toLowerCase()
            ? 'This is already your email address.'
            : undefined,
        password: password === '' ? 'Enter your password.' : undefined,
      },
      () => getClient().accounts.initiateEmailChange({ new_email: newEmail, password }),
    );
    if (!ok) return;
    setPassword('');
    setSentTo(newEmail);
  };

  return (
    // `id="email"`: the profile's "Change email" link lands here (/preferences#email).
    <form id="email" className="card form" onSubmit={onSubmit} aria-labelledby="email-heading" noValidate>
      <h2 id="email-heading">Email address</h2>
      <p>
        Your email address is <strong>{session.user?.email ?? 'not known'}</strong>.
      </p>
      {sentTo ? (
        <p className="notice notice--info" role="status">
          We sent a confirmation link to <strong>{sentTo}</strong>. Open it to finish the change; your address
          stays the same until then.
        </p>
      ) : null}
      <FormError message={errors.form} />
      <TextField
        label="New email address"
        type="email"
        name="new_email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        error={errors.new_email}
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
      <Button type="submit" busy={busy}>
        Send confirmation link
      </Button>
    </form>
  );
}
