/** Staff create an account with the registration fields; it is created confirmed. */
import { userIdOf } from '@matchmaker/sdk/rules';
import { type CreateUserInput, PROFILE_CHOICES } from '@matchmaker/sdk/schemas';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { PasswordField } from '../../../components/credential-fields';
import { Button, PageHeading, TextField } from '../../../components/index';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { useForm } from '../../../lib/use-form';
import { createUser } from '../admin-actions';
import { ConfirmDialog } from '../lib/confirm-dialog';
import { SelectField } from '../lib/select-field';

const FIELDS = ['first_name', 'last_name', 'username', 'email', 'date_of_birth', 'sex', 'password'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: Record<Field, string> = {
  first_name: '',
  last_name: '',
  username: '',
  email: '',
  date_of_birth: '',
  sex: '',
  password: '',
};

function validate(values: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const field of FIELDS) if (!values[field].trim()) errors[field] = 'This is required';
  if (values.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) {
    errors.email = 'Enter an email address such as name@example.com';
  }
  if (values.password && values.password.length < 8) errors.password = 'Use at least 8 characters';
  return errors;
}

export default function CreateUserPage() {
  const [confirming, setConfirming] = useState(false);
  const [, navigate] = useLocation();
  const form = useForm({
    initial: EMPTY,
    validate,
    submit: (values) => {
      const input: CreateUserInput = {
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        username: values.username.trim(),
        email: values.email.trim(),
        date_of_birth: values.date_of_birth,
        sex: values.sex,
        password: values.password,
      };
      return createUser(input);
    },
    onSuccess: (answer) => {
      const id = userIdOf(answer.user);
      navigate(id ? `/users/${encodeURIComponent(id)}` : '/users');
    },
    // The dialog shows the error and stays open; the form marks the fields to change.
    failureMessage: (error) =>
      Object.keys(fieldErrorsOf(error)).length > 0 ? 'Some fields need a change: see below.' : undefined,
  });
  const { values, errors } = form;

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (form.check()) setConfirming(true);
  };

  return (
    <section className="admin-page">
      <p className="admin-back">
        <Link href="/users">← Back to users</Link>
      </p>
      <PageHeading title="Create an account">
        <p>The account is created confirmed; tell the member their password.</p>
      </PageHeading>
      <form className="admin-card admin-form-grid" onSubmit={review} noValidate>
        {errors.form ? (
          <p className="admin-confirm__error admin-form-grid__wide" role="alert">
            {errors.form}
          </p>
        ) : null}
        <TextField label="First name" autoComplete="off" required {...form.field('first_name')} />
        <TextField label="Last name" autoComplete="off" required {...form.field('last_name')} />
        <TextField label="Username" autoComplete="off" required {...form.field('username')} />
        <TextField label="Email" type="email" autoComplete="off" required {...form.field('email')} />
        <TextField
          label="Date of birth"
          type="date"
          autoComplete="off"
          required
          {...form.field('date_of_birth')}
        />
        <div>
          <SelectField
            label="Sex"
            value={values.sex}
            required
            onChange={(event) => form.set('sex', event.target.value)}
            options={[
              ['', 'Choose'],
              // The values members' profiles use (the SDK's list), so reports count one 'female'.
              ...PROFILE_CHOICES.sex.map((value): [string, string] => [
                value,
                `${value.charAt(0).toUpperCase()}${value.slice(1)}`,
              ]),
            ]}
            aria-invalid={errors.sex ? true : undefined}
          />
          {errors.sex ? <p className="field__error">{errors.sex}</p> : null}
        </div>
        <PasswordField field={form.field('password')} chosen />
        <div className="admin-form-grid__wide">
          <Button type="submit">Create account</Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        title="Create this account?"
        confirmLabel="Create account"
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          form
            .run()
            .then(() => `The account of ${values.first_name.trim()} ${values.last_name.trim()} was created`)
        }
      >
        <p>
          {values.first_name} {values.last_name} ({values.username}, {values.email}).
        </p>
      </ConfirmDialog>
    </section>
  );
}
