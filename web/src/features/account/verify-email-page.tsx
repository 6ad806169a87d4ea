/**
 * 'Check your email' after registration, and the place to send the confirmation link again
 * (resend verification). The answer never says whether an address is registered.
 */
import { useState } from 'react';
import { useSearch } from 'wouter';
import { PageHeading } from '../../components/index';
import { useForm } from '../../lib/use-form';
import { resendConfirmation } from './account-actions';
import { pendingEmail } from './pending-email';
import { checkEmail, SendLinkForm } from './send-link-form';
import './account.css';

export default function VerifyEmailPage() {
  const registered = new URLSearchParams(useSearch()).get('registered') === '1';
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({
    initial: () => ({ email: pendingEmail() }),
    validate: checkEmail,
    submit: ({ email }) => resendConfirmation(email.trim()),
    onSuccess: (message) =>
      setSent(message ?? 'If the account exists and is not confirmed yet, we have sent a new link.'),
  });
  const email = form.values.email;

  return (
    <section className="page page--narrow account-page">
      <PageHeading title={registered ? 'Check your email' : 'Confirm your email address'}>
        {registered ? (
          <p>
            Your account is created. We sent a confirmation link to <strong>{email}</strong>. Open it to
            confirm your address, then log in.
          </p>
        ) : (
          <p>Lost the confirmation email, or the link expired? We can send a new one.</p>
        )}
      </PageHeading>
      {sent ? (
        <p className="notice notice--info" role="status">
          {sent}
        </p>
      ) : null}
      <SendLinkForm
        form={form}
        submitLabel="Send the confirmation link again"
        variant={registered ? 'secondary' : 'primary'}
        onSubmit={(event) => {
          setSent(null);
          void form.onSubmit(event);
        }}
      />
    </section>
  );
}
