import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { EmailField, PasswordField } from '../../components/credential-fields';
import { looksLikeEmail } from '../../lib/form-errors';
import { useForm } from '../../lib/use-form';
import { sessionState } from '../../state/session';
import { PreferenceForm } from './preference-form';
import { requestEmailChange } from './preferences-state';

/** Step one of an email change: the new address and the password; a link goes to the new address. */
export function EmailForm() {
  const session = useSnapshot(sessionState);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initial: { new_email: '', password: '' },
    validate: ({ new_email, password }) => ({
      new_email: !looksLikeEmail(new_email)
        ? 'Enter the new address, like name@example.com.'
        : new_email.trim().toLowerCase() === session.user?.email?.toLowerCase()
          ? 'This is already your email address.'
          : undefined,
      password: password === '' ? 'Enter your password.' : undefined,
    }),
    submit: ({ new_email, password }) => requestEmailChange({ new_email: new_email.trim(), password }),
    onSuccess: (_answer, { new_email }) => {
      form.set('password', '');
      setSentTo(new_email.trim());
    },
  });

  return (
    // `id="email"`: the profile's "Change email" link lands here (/preferences#email).
    <PreferenceForm
      id="email"
      form={form}
      heading="Email address"
      submitLabel="Send confirmation link"
      intro={
        <p>
          Your email address is <strong>{session.user?.email ?? 'not known'}</strong>.
        </p>
      }
      notice={
        sentTo ? (
          <>
            We sent a confirmation link to <strong>{sentTo}</strong>. Open it to finish the change; your
            address stays the same until then.
          </>
        ) : null
      }
    >
      <EmailField field={form.field('new_email')} label="New email address" />
      <PasswordField field={form.field('password')} />
    </PreferenceForm>
  );
}
