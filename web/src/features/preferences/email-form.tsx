import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Button, FormError, TextField } from '../../components/index';
import { looksLikeEmail } from '../../lib/form-errors';
import { useForm } from '../../lib/use-form';
import { sessionState } from '../../state/session';
import { requestEmailChange } from './preferences-state';

/** Step one of an email change: the new address and the password; a link goes to the new address. */
export function EmailForm() {
  const session = useSnapshot(sessionState);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initial: { new_email: '', password: '' },
    validate: ({ new_email, password }) => ({
      new_email: !looksLikeEmail(new_email)
        ? 'Enter the new address, like name@example.com.'
        : new_email.trim().toLowerCase() === session.user?.email?.toLowerCase()
          ? 'This is already your email address.'
          : undefined,
      password: password === '' ? 'Enter your password.' : undefined,
    }),
    submit: ({ new_email, password }) => requestEmailChange({ new_email: new_email.trim(), password }),
    onSuccess: (_answer, { new_email }) => {
      form.set('password', '');
      setSentTo(new_email.trim());
    },
  });

  return (
    // `id="email"`: the profile's "Change email" link lands here (/preferences#email).
    <form
      id="email"
      className="card form"
      onSubmit={form.onSubmit}
      aria-labelledby="email-heading"
      noValidate
    >
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
      <FormError message={form.errors.form} />
      <TextField
        label="New email address"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        {...form.field('new_email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        {...form.field('password')}
      />
      <Button type="submit" busy={form.busy}>
        Send confirmation link
      </Button>
    </form>
  );
}
