/**
 * The fields registration and the completion of a social sign-in both ask for: the username
 * (checked while typed), the date of birth, 'I am' and the terms. Bound to the form's values.
 */
import { CheckboxField, RadioGroup } from '../../components/choice-fields';
import { TextField } from '../../components/index';
import type { CheckboxProps, FieldProps } from '../../lib/use-form';
import { SEX_OPTIONS } from './account-paths';
import { type UsernameStatus, usernameHint } from './username-check';

export type PersonValues = {
  username: string;
  date_of_birth: string;
  sex: string;
  agreed_to_terms: boolean;
};

/** The checks of those fields; `check` is the username's availability as last answered. */
export function checkPerson(values: PersonValues, check: UsernameStatus, terms: string) {
  return {
    username: !values.username.trim()
      ? 'Choose a username.'
      : check.state === 'taken'
        ? check.message
        : undefined,
    date_of_birth: values.date_of_birth ? undefined : 'Enter your date of birth.',
    sex: values.sex ? undefined : 'Choose one.',
    agreed_to_terms: values.agreed_to_terms ? undefined : terms,
  };
}

/** Username, date of birth and 'I am', in that order. */
export function PersonFields({
  form,
  check,
  idleHint,
  maxBirthDate,
}: {
  form: { field: (name: 'username' | 'date_of_birth' | 'sex') => FieldProps };
  check: UsernameStatus;
  idleHint: string;
  maxBirthDate?: string;
}) {
  return (
    <>
      <UsernameField field={form.field('username')} check={check} idleHint={idleHint} />
      <BirthDateField field={form.field('date_of_birth')} max={maxBirthDate} />
      <SexField field={form.field('sex')} />
    </>
  );
}

function UsernameField({
  field,
  check,
  idleHint,
}: {
  field: FieldProps;
  check: UsernameStatus;
  idleHint: string;
}) {
  return (
    <TextField
      label="Username"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      required
      {...field}
      hint={<span aria-live="polite">{usernameHint(check, field.value, idleHint)}</span>}
      error={field.error ?? (check.state === 'taken' ? check.message : undefined)}
    />
  );
}

function BirthDateField({ field, max }: { field: FieldProps; max?: string }) {
  return <TextField label="Date of birth" type="date" autoComplete="bday" required max={max} {...field} />;
}

function SexField({ field }: { field: FieldProps }) {
  return (
    <RadioGroup
      label="I am"
      name={field.name}
      required
      value={field.value}
      options={SEX_OPTIONS}
      error={field.error}
      onChange={(value) => field.onChange({ target: { value } })}
    />
  );
}

export function TermsField({ field }: { field: CheckboxProps }) {
  return (
    <CheckboxField
      {...field}
      label="I agree to the terms of service and the privacy policy, and I am looking for marriage."
    />
  );
}
