/**
 * The email check of the account forms, and the form of the two that ask only for an address
 * (forgot password, resend the confirmation): its form-level failure shows under the field.
 */
import type { FormEvent } from 'react';
import { EmailField } from '../../components/credential-fields';
import { AppLink, Button, type ButtonVariant } from '../../components/index';
import { PATHS } from '../../config/paths';
import { looksLikeEmail } from '../../lib/form-errors';
import type { Form } from '../../lib/use-form';

export function checkEmail({ email }: { email: string }) {
  return { email: looksLikeEmail(email) ? undefined : 'Enter your email address, like name@example.com.' };
}

/** A form that sends a link to one address (a password reset, the confirmation again). */
export function SendLinkForm({
  form,
  submitLabel,
  variant,
  onSubmit,
}: {
  form: Form<{ email: string }>;
  submitLabel: string;
  variant?: ButtonVariant;
  /** Replaces the form's own submit (to clear what the last one said first). */
  onSubmit?: (event: FormEvent) => void;
}) {
  return (
    <form className="card form" onSubmit={onSubmit ?? form.onSubmit} noValidate>
      <EmailField field={form.field('email')} error={form.errors.form} />
      <Button type="submit" variant={variant} block busy={form.busy}>
        {submitLabel}
      </Button>
      <p className="form__links">
        <AppLink href={PATHS.login}>Back to log in</AppLink>
      </p>
    </form>
  );
}
