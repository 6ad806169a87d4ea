/** Reset password from the emailed link (`/account/reset-password?token=&email=`). */
import { useState } from 'react';
import { useSearch } from 'wouter';
import { NewPasswordFields } from '../../components/credential-fields';
import { AppLink, Button, ButtonLink, ErrorState, FormError, PageHeading } from '../../components/index';
import { PATHS } from '../../config/paths';
import { fieldErrorsOf } from '../../lib/form-errors';
import { useForm } from '../../lib/use-form';
import { resetPassword } from './account-actions';
import { ACCOUNT_PATHS } from './account-paths';
import './account.css';

export default function ResetPasswordPage() {
  const query = new URLSearchParams(useSearch());
  const token = query.get('token')?.trim() ?? '';
  const email = query.get('email')?.trim() ?? '';
  const [done, setDone] = useState(false);
  const form = useForm({
    initial: { new_password: '', repeat_password: '' },
    validate: ({ new_password, repeat_password }) =>
      new_password === ''
        ? { new_password: 'Choose a new password.' }
        : {
            repeat_password:
              repeat_password === new_password ? undefined : 'The two passwords are not the same.',
          },
    submit: ({ new_password }) => resetPassword({ email, token, new_password }),
    // The token is no field of this form: a refused one means the link itself is spent.
    failureMessage: (error) =>
      fieldErrorsOf(error).token ? 'This reset link is invalid, already used or expired.' : undefined,
    onSuccess: () => setDone(true),
  });

  if (!token || !email) {
    return (
      <section className="page page--narrow account-page">
        <PageHeading title="Choose a new password" />
        <ErrorState
          title="This reset link is incomplete"
          message="Open the link from the email again, or ask for a new one."
          action={<ButtonLink href={ACCOUNT_PATHS.forgotPassword}>Ask for a new link</ButtonLink>}
        />
      </section>
    );
  }

  return (
    <section className="page page--narrow account-page">
      <PageHeading title="Choose a new password">
        <p>
          For <strong>{email}</strong>.
        </p>
      </PageHeading>
      {done ? (
        <div className="card account-result" role="status">
          <h2>Your password is changed</h2>
          <p>Log in with your new password. Other devices were logged out.</p>
          <ButtonLink href={PATHS.login}>Log in</ButtonLink>
        </div>
      ) : (
        <form className="card form" onSubmit={form.onSubmit} noValidate>
          <FormError message={form.errors.form}>
            <AppLink href={ACCOUNT_PATHS.forgotPassword}>Ask for a new link</AppLink>
          </FormError>
          <NewPasswordFields password={form.field('new_password')} repeat={form.field('repeat_password')} />
          <Button type="submit" block busy={form.busy}>
            Save new password
          </Button>
        </form>
      )}
    </section>
  );
}
