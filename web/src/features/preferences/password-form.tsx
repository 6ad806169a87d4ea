import { Button, FormError, TextField } from '../../components/index';
import { NewPasswordFields } from '../../components/new-password-fields';
import { useForm } from '../../lib/use-form';
import { changePassword } from './preferences-state';

const EMPTY = { old_password: '', new_password: '', repeat_password: '' };

/** Change password: the current one, then the new one twice. The session stays logged in. */
export function PasswordForm() {
  const form = useForm({
    initial: EMPTY,
    validate: ({ old_password, new_password, repeat_password }) => ({
      old_password: old_password === '' ? 'Enter your current password.' : undefined,
      new_password:
        new_password === ''
          ? 'Enter a new password.'
          : new_password === old_password
            ? 'Choose a password different from the current one.'
            : undefined,
      repeat_password:
        new_password !== '' && repeat_password !== new_password
          ? 'The two new passwords are not the same.'
          : undefined,
    }),
    submit: ({ old_password, new_password }) => changePassword({ old_password, new_password }),
    onSuccess: () => form.reset(),
    successToast: 'Your password is changed. Other devices have been logged out.',
  });

  return (
    <form className="card form" onSubmit={form.onSubmit} aria-labelledby="password-heading" noValidate>
      <h2 id="password-heading">Password</h2>
      <FormError message={form.errors.form} />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        {...form.field('old_password')}
      />
      <NewPasswordFields password={form.field('new_password')} repeat={form.field('repeat_password')} />
      <Button type="submit" busy={form.busy}>
        Change password
      </Button>
    </form>
  );
}
