import { type FormEvent, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Button, TextField } from '../../components/index';
import { getClient } from '../../lib/client';
import { useFormCall } from '../../lib/use-form-call';
import { sessionState } from '../../state/session';
import { FormError } from './form-error';

/** Step one of a username change: the new name; a confirmation link goes to the member's email. */
export function UsernameForm() {
  const session = useSnapshot(sessionState);
  const [username, setUsername] = useState('');
  const [sentFor, setSentFor] = useState<string | null>(null);
  const { busy, errors, submit } = useFormCall();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = username.trim();
    const ok = await submit(
      {
        username:
          wanted === ''
            ? 'Enter the username you want.'
            : wanted === session.user?.username
              ? 'This is already your username.'
              : undefined,
      },
      () => getClient().accounts.initiateUsernameChange({ username: wanted }),
    );
    if (!ok) return;
    setSentFor(wanted);
  };

  return (
    <form className="card form" onSubmit={onSubmit} aria-labelledby="username-heading" noValidate>
      <h2 id="username-heading">Username</h2>
      <p>
        Your username is <strong>{session.user?.username ?? 'not set'}</strong>.
      </p>
      {sentFor ? (
        <p className="notice notice--info" role="status">
          We emailed you a link to confirm <strong>{sentFor}</strong> as your new username.
        </p>
      ) : null}
      <FormError message={errors.form} />
      <TextField
        label="New username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={username}
        error={errors.username}
        onChange={(event) => setUsername(event.target.value)}
      />
      <Button type="submit" busy={busy}>
        Send confirmation link
      </Button>
    </form>
  );
}
