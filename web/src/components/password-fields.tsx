/**
 * A new password typed twice (resetting a forgotten password, changing it in preferences), bound
 * to a form's `new_password` and `repeat_password` values.
 */
import type { FieldProps } from '../lib/use-form';
import { TextField } from './text-field';

export function NewPasswordFields({ password, repeat }: { password: FieldProps; repeat: FieldProps }) {
  return (
    <>
      <TextField label="New password" type="password" autoComplete="new-password" required {...password} />
      <TextField
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        required
        {...repeat}
      />
    </>
  );
}
