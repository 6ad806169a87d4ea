import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Button, FormError, TextField } from '../../components/index';
import { useForm } from '../../lib/use-form';
import { sessionState } from '../../state/session';
import { requestUsernameChange } from './preferences-state';

/** Step one of a username change: the new name; a confirmation link goes to the member's email. */
export function UsernameForm() {
  const session = useSnapshot(sessionState);
  const [sentFor, setSentFor] = useState<string | null>(null);
  const form = useForm({
    initial: { username: '' },
    validate: ({ username }) => ({
      username:
        username.trim() === ''
          ? 'Enter the username you want.'
          : username.trim() === session.user?.username
            ? 'This is already your username.'
            : undefined,
    }),
    submit: ({ username }) => requestUsernameChange(username.trim()),
    onSuccess: (_answer, { username }) => setSentFor(username.trim()),
  });

  return (
    <form className="card form" onSubmit={form.onSubmit} aria-labelledby="username-heading" noValidate>
      <h2 id="username-heading">Username</h2>
      <p>
        Your username is <strong>{session.user?.username ?? 'not set'}</strong>.
      </p>
      {sentFor ? (
        <p className="notice notice--info" role="status">
          We emailed you a link to confirm <strong>{sentFor}</strong> as your new username.
        </p>
      ) : null}
      <FormError message={form.errors.form} />
      <TextField
        label="New username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        {...form.field('username')}
      />
      <Button type="submit" busy={form.busy}>
        Send confirmation link
      </Button>
    </form>
  );
}
