/**
 * Registration (SPEC.md section 3): every field of the registration payload, the username checked
 * while typed, the terms, and the referrer taken from the link. On success the member is asked to
 * confirm the address from the email (the verification page offers to send it again).
 */
import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { EmailField, PasswordField } from '../../components/credential-fields';
import { AppLink, Button, FormError, PageHeading, TextField } from '../../components/index';
import { PAGE_FRAMES } from '../../config/page-frames';
import { PATHS } from '../../config/paths';
import { useForm } from '../../lib/use-form';
import { register } from './account-actions';
import { checkPerson, PersonFields, type PersonValues, TermsField } from './account-fields';
import { ACCOUNT_PATHS } from './account-paths';
import { referrerFrom } from './referral';
import { checkEmail } from './send-link-form';
import { useUsernameCheck } from './username-check';
import './account.css';

const EMPTY: PersonValues & Record<'first_name' | 'last_name' | 'email' | 'password', string> = {
  first_name: '',
  last_name: '',
  username: '',
  date_of_birth: '',
  sex: '',
  email: '',
  password: '',
  agreed_to_terms: false,
};

export default function RegisterPage() {
  const search = useSearch();
  const referrer = useMemo(() => referrerFrom(search), [search]);
  const form = useForm({
    focusInvalid: true,
    initial: EMPTY,
    validate: (values) => ({
      first_name: values.first_name.trim() ? undefined : 'Enter your first name.',
      last_name: values.last_name.trim() ? undefined : 'Enter your last name.',
      ...checkPerson(values, username, 'You must agree to the terms to create an account.'),
      ...checkEmail(values),
      password: values.password === '' ? 'Choose a password.' : undefined,
    }),
    submit: (values) =>
      register({
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        username: values.username.trim(),
        date_of_birth: values.date_of_birth,
        sex: values.sex,
        email: values.email.trim(),
        password: values.password,
        agreed_to_terms: values.agreed_to_terms,
        ...(referrer ? { referrer } : {}),
      }),
    onSuccess: () => navigate(`${ACCOUNT_PATHS.verifyEmail}?registered=1`),
  });
  const username = useUsernameCheck(form.values.username);

  return (
    <section className="page page--narrow account-page">
      <PageHeading {...PAGE_FRAMES.account.register} />
      {referrer ? (
        <p className="notice notice--info" data-testid="referrer-notice">
          You were invited by <strong>{referrer}</strong>.
        </p>
      ) : null}
      <form className="card form" onSubmit={form.onSubmit} noValidate>
        <FormError message={form.errors.form} />
        <div className="form__row">
          <TextField label="First name" autoComplete="given-name" required {...form.field('first_name')} />
          <TextField label="Last name" autoComplete="family-name" required {...form.field('last_name')} />
        </div>
        <PersonFields
          form={form}
          check={username}
          idleHint="Letters, digits, dots, dashes or underscores. Other members see it."
          maxBirthDate={new Date().toISOString().slice(0, 10)}
        />
        <EmailField field={form.field('email')} />
        <PasswordField field={form.field('password')} chosen />
        <TermsField field={form.checkbox('agreed_to_terms')} />
        <Button type="submit" block busy={form.busy}>
          Create account
        </Button>
        <p className="form__links">
          Already a member? <AppLink href={PATHS.login}>Log in</AppLink>
        </p>
      </form>
    </section>
  );
}
