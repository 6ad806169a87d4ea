import { type FormEvent, useState } from 'react';
import { Button, TextField } from '../../components/index';
import { getClient } from '../../lib/client';
import { notify } from '../../lib/toast';
import { useFormCall } from '../../lib/use-form-call';
import { FormError } from './form-error';

/** Change password: the current one, then the new one twice. The session stays logged in. */
export function PasswordForm() {
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const { busy, errors, submit } = useFormCall();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const ok = await submit(
      {
        old_password: oldPassword === '' ? 'Enter your current password.' : undefined,
        new_password:
          newPassword === ''
            ? 'Enter a new password.'
            : newPassword === oldPassword
              ? 'Choose a password different from the current one.'
              : undefined,
        repeat:
          newPassword !== '' && repeat !== newPassword
            ? 'The two new passwords are not the same.'
            : undefined,
      },
      () => getClient().accounts.changePassword({ old_password: oldPassword, new_password: newPassword }),
    );
    if (!ok) return;
    setOldPassword('');
    setNewPassword('');
    setRepeat('');
    notify.success('Your password is changed. Other devices have been logged out.');
  };

  return (
    <form className="card form" onSubmit={onSubmit} aria-labelledby="password-heading" noValidate>
      <h2 id="password-heading">Password</h2>
      <FormError message={errors.form} />
      <TextField
        label="Current password"
        type="password"
        name="old_password"
        autoComplete="current-password"
        required
        value={oldPassword}
        error={errors.old_password}
        onChange={(event) => setOldPassword(event.target.value)}
      />
      <TextField
        label="New password"
        type="password"
        name="new_password"
        autoComplete="new-password"
        required
        value={newPassword}
        error={errors.new_password}
        onChange={(event) => setNewPassword(event.target.value)}
      />
      <TextField
        label="Repeat the new password"
        type="password"
        name="repeat_password"
        autoComplete="new-password"
        required
        value={repeat}
        error={errors.repeat}
        onChange={(event) => setRepeat(event.target.value)}
      />
      <Button type="submit" busy={busy}>
        Change password
      </Button>
    </form>
  );
}
