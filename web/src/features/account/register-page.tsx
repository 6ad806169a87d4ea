/**
 * Registration (SPEC.md section 3): every field of the registration payload, the username checked
 * while typed, the terms, and the referrer taken from the link. On success the member is asked to
 * confirm the address from the email (the verification page offers to send it again).
 */
import type { RegisterInput } from '@matchmaker/sdk/schemas';
import { type FormEvent, useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { CheckboxField, RadioGroup } from '../../components/choice-fields';
import { AppLink, Button, PageHeading, TextField } from '../../components/index';
import { PATHS } from '../../config/paths';
import { loadClient } from '../../lib/client';
import { formErrorsOf, looksLikeEmail } from '../../lib/form-errors';
import { ACCOUNT_PATHS, SEX_OPTIONS } from './account-paths';
import { rememberPendingEmail } from './pending-email';
import { forgetReferrer, referrerFrom } from './referral';
import { usernameHint, useUsernameCheck } from './username-check';
import './account.css';

type Field = Exclude<keyof RegisterInput, 'referrer'>;
const FIELDS: readonly Field[] = [
  'first_name',
  'last_name',
  'username',
  'date_of_birth',
  'sex',
  'email',
  'password',
  'agreed_to_terms',
];

interface Values {
  first_name: string;
  last_name: string;
  username: string;
  date_of_birth: string;
  sex: string;
  email: string;
  password: string;
  agreed_to_terms: boolean;
}

const EMPTY: Values = {
  first_name: '',
  last_name: '',
  username: '',
  date_of_birth: '',
  sex: '',
  email: '',
  password: '',
  agreed_to_terms: false,
};

function localErrors(values: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.first_name.trim()) errors.first_name = 'Enter your first name.';
  if (!values.last_name.trim()) errors.last_name = 'Enter your last name.';
  if (!values.username.trim()) errors.username = 'Choose a username.';
  if (!values.date_of_birth) errors.date_of_birth = 'Enter your date of birth.';
  if (!values.sex) errors.sex = 'Choose one.';
  if (!looksLikeEmail(values.email)) errors.email = 'Enter your email address, like name@example.com.';
  if (values.password === '') errors.password = 'Choose a password.';
  if (!values.agreed_to_terms) errors.agreed_to_terms = 'You must agree to the terms to create an account.';
  return errors;
}

export default function RegisterPage() {
  const search = useSearch();
  const referrer = useMemo(() => referrerFrom(search), [search]);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const username = useUsernameCheck(values.username);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((old) => ({ ...old, [key]: value }));
    // An error is about the value it was found in; a changed value has not been judged yet.
    setErrors(({ [key]: _judged, ...rest }) => rest);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next = localErrors(values);
    if (username.state === 'taken' && !next.username) next.username = username.message;
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length > 0) {
      if (event.currentTarget instanceof HTMLFormElement) focusFirstInvalid(event.currentTarget);
      return;
    }
    setBusy(true);
    try {
      const client = await loadClient();
      const body: RegisterInput = {
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        username: values.username.trim(),
        date_of_birth: values.date_of_birth,
        sex: values.sex,
        email: values.email.trim(),
        password: values.password,
        agreed_to_terms: values.agreed_to_terms,
        ...(referrer ? { referrer } : {}),
      };
      await client.accounts.register(body);
      forgetReferrer();
      rememberPendingEmail(body.email);
      navigate(`${ACCOUNT_PATHS.verifyEmail}?registered=1`);
    } catch (error) {
      const found = formErrorsOf(error, FIELDS);
      setErrors(found.fields);
      setFormError(found.form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page page--narrow account-page">
      <PageHeading title="Create your account">
        <p>Join a community of people of faith looking for marriage. It is free.</p>
      </PageHeading>
      {referrer ? (
        <p className="notice notice--info" data-testid="referrer-notice">
          You were invited by <strong>{referrer}</strong>.
        </p>
      ) : null}
      <form className="card form" onSubmit={onSubmit} noValidate>
        {formError ? (
          <p className="form__error" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="form__row">
          <TextField
            label="First name"
            name="first_name"
            autoComplete="given-name"
            required
            value={values.first_name}
            error={errors.first_name}
            onChange={(event) => set('first_name', event.target.value)}
          />
          <TextField
            label="Last name"
            name="last_name"
            autoComplete="family-name"
            required
            value={values.last_name}
            error={errors.last_name}
            onChange={(event) => set('last_name', event.target.value)}
          />
        </div>
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={values.username}
          hint={
            <span aria-live="polite">
              {usernameHint(
                username,
                values.username,
                'Letters, digits, dots, dashes or underscores. Other members see it.',
              )}
            </span>
          }
          error={errors.username ?? (username.state === 'taken' ? username.message : undefined)}
          onChange={(event) => set('username', event.target.value)}
        />
        <TextField
          label="Date of birth"
          name="date_of_birth"
          type="date"
          autoComplete="bday"
          required
          max={new Date().toISOString().slice(0, 10)}
          value={values.date_of_birth}
          error={errors.date_of_birth}
          onChange={(event) => set('date_of_birth', event.target.value)}
        />
        <RadioGroup
          label="I am"
          name="sex"
          required
          value={values.sex}
          options={SEX_OPTIONS}
          error={errors.sex}
          onChange={(value) => set('sex', value)}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          value={values.email}
          error={errors.email}
          onChange={(event) => set('email', event.target.value)}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={values.password}
          error={errors.password}
          onChange={(event) => set('password', event.target.value)}
        />
        <CheckboxField
          name="agreed_to_terms"
          checked={values.agreed_to_terms}
          error={errors.agreed_to_terms}
          onChange={(event) => set('agreed_to_terms', event.target.checked)}
          label="I agree to the terms of service and the privacy policy, and I am looking for marriage."
        />
        <Button type="submit" block busy={busy}>
          Create account
        </Button>
        <p className="form__links">
          Already a member? <AppLink href={PATHS.login}>Log in</AppLink>
        </p>
      </form>
    </section>
  );
}

/** Moves focus to the first field marked invalid, so keyboard and screen reader users land on it. */
export function focusFirstInvalid(form: HTMLFormElement): void {
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
