/** Forgot password: sends the reset link. The answer is the same whether or not the address is registered. */
import { useState } from 'react';
import { AppLink, PageHeading } from '../../components/index';
import { PAGE_FRAMES } from '../../config/page-frames';
import { PATHS } from '../../config/paths';
import { useForm } from '../../lib/use-form';
import { sendResetLink } from './account-actions';
import { checkEmail, SendLinkForm } from './send-link-form';
import './account.css';

export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initial: { email: '' },
    validate: checkEmail,
    submit: ({ email }) => sendResetLink(email.trim()),
    onSuccess: (_answer, { email }) => setSentTo(email.trim()),
  });

  return (
    <section className="page page--narrow account-page">
      <PageHeading {...PAGE_FRAMES.account.forgotPassword} />
      {sentTo ? (
        <div className="card account-result" role="status">
          <h2>Check your email</h2>
          <p>
            If <strong>{sentTo}</strong> belongs to an account, a link to reset the password is on its way. It
            is valid for 24 hours.
          </p>
          <p className="form__links">
            <AppLink href={PATHS.login}>Back to log in</AppLink>
          </p>
        </div>
      ) : (
        <SendLinkForm form={form} submitLabel="Send reset link" />
      )}
    </section>
  );
}
