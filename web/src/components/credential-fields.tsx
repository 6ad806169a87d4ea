/**
 * The fields of credentials, bound to a form's values: an email address, the current password
 * (logging in, confirming a change) and a new one (typed twice where the member chooses it).
 */
import type { FieldProps } from '../lib/use-form';
import { TextField } from './text-field';

export function EmailField({
  field,
  label = 'Email',
  error,
}: {
  field: FieldProps;
  label?: string;
  /** Shown when the field has no error of its own (a form whose one field this is). */
  error?: string | undefined;
}) {
  return (
    <TextField
      label={label}
      type="email"
      inputMode="email"
      autoComplete="email"
      required
      {...field}
      error={field.error ?? error}
    />
  );
}

export function PasswordField({
  field,
  label = 'Password',
  chosen = false,
}: {
  field: FieldProps;
  label?: string;
  /** A password being chosen (browsers offer to generate one) rather than the current one. */
  chosen?: boolean;
}) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete={chosen ? 'new-password' : 'current-password'}
      required
      {...field}
    />
  );
}

export function NewPasswordFields({ password, repeat }: { password: FieldProps; repeat: FieldProps }) {
  return (
    <>
      <PasswordField field={password} label="New password" chosen />
      <PasswordField field={repeat} label="Repeat the new password" chosen />
    </>
  );
}
