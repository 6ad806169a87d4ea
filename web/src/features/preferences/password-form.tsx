import { NewPasswordFields, PasswordField } from '../../components/credential-fields';
import { useForm } from '../../lib/use-form';
import { PreferenceForm } from './preference-form';
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
    <PreferenceForm form={form} heading="Password" submitLabel="Change password">
      <PasswordField field={form.field('old_password')} label="Current password" />
      <NewPasswordFields password={form.field('new_password')} repeat={form.field('repeat_password')} />
    </PreferenceForm>
  );
}
