/**
 * The email field of the account forms (registration, forgot password, resend the confirmation).
 * A form that asks only for an address shows its form-level failure under it (`error`).
 */
import { TextField } from '../../components/index';
import { looksLikeEmail } from '../../lib/form-errors';
import type { FieldProps } from '../../lib/use-form';

export function checkEmail({ email }: { email: string }) {
  return { email: looksLikeEmail(email) ? undefined : 'Enter your email address, like name@example.com.' };
}

export function AccountEmailField({ field, error }: { field: FieldProps; error?: string | undefined }) {
  return (
    <TextField
      label="Email"
      type="email"
      inputMode="email"
      autoComplete="email"
      required
      {...field}
      error={field.error ?? error}
    />
  );
}
