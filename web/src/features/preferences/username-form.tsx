import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { TextField } from '../../components/index';
import { useForm } from '../../lib/use-form';
import { sessionState } from '../../state/session';
import { PreferenceForm } from './preference-form';
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
    <PreferenceForm
      form={form}
      heading="Username"
      submitLabel="Send confirmation link"
      intro={
        <p>
          Your username is <strong>{session.user?.username ?? 'not set'}</strong>.
        </p>
      }
      notice={
        sentFor ? (
          <>
            We emailed you a link to confirm <strong>{sentFor}</strong> as your new username.
          </>
        ) : null
      }
    >
      <TextField
        label="New username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        {...form.field('username')}
      />
    </PreferenceForm>
  );
}
