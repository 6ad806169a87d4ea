/**
 * The member's profile: the completion percentage and what is missing, and every one of the 24
 * profile fields to view and edit. Saving sends only the fields that changed, and the answer
 * (the account as it now is) replaces the session's user, so the percentage moves at once.
 */
import type { User } from '@matchmaker/sdk';
import { PROFILE_FIELDS, type ProfileField } from '@matchmaker/sdk/schemas';
import { type FormEvent, useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { SelectField, TextAreaField } from '../../components/choice-fields';
import { Button, FormError, PageHeading, TextField } from '../../components/index';
import { PAGE_FRAMES } from '../../config/page-frames';
import {
  FIELD_GROUPS,
  FIELD_SPECS,
  fieldsOf,
  fromInput,
  optionsWith,
  toInput,
} from '../../lib/profile-fields';
import { notify } from '../../lib/toast';
import { useForm } from '../../lib/use-form';
import { sessionState } from '../../state/session';
import { CompletionCard } from './completion-card';
import { EmailField } from './email-field';
import { saveProfile } from './profile-state';
import { ProfileTabs } from './profile-tabs';

type Values = Record<ProfileField, string>;

function valuesOf(user: User): Values {
  return Object.fromEntries(
    PROFILE_FIELDS.map((field) => [field, toInput(FIELD_SPECS[field], user[field])]),
  ) as Values;
}

function checkValues(values: Values): Partial<Record<ProfileField, string>> {
  const errors: Partial<Record<ProfileField, string>> = {};
  if (!values.username.trim()) errors.username = 'Your username cannot be empty.';
  if (!values.first_name.trim()) errors.first_name = 'Your first name cannot be empty.';
  if (!values.last_name.trim()) errors.last_name = 'Your last name cannot be empty.';
  const height = values.height.trim();
  if (height !== '' && !(Number(height) > 0)) errors.height = 'Enter your height in centimetres, like 172.';
  return errors;
}

export default function ProfilePage() {
  const { user } = useSnapshot(sessionState);
  if (!user) return null;
  return <ProfileEditor key={user.updated_at ?? ''} user={user} />;
}

function ProfileEditor({ user }: { user: User }) {
  const initial = useMemo(() => valuesOf(user), [user]);
  const form = useForm({
    initial,
    validate: checkValues,
    submit: async (values) => {
      const changes = changedFields(values);
      if (changes.length === 0) {
        notify.info('Nothing to save: no field was changed.');
        return false;
      }
      await saveProfile(
        Object.fromEntries(changes.map((field) => [field, fromInput(FIELD_SPECS[field], values[field])])),
      );
      return true;
    },
    successToast: (saved) => (saved ? 'Your profile is saved.' : null),
  });
  const { values, errors } = form;
  const changedFields = (next: Values) =>
    PROFILE_FIELDS.filter((field) => field !== 'email' && next[field] !== initial[field]);
  const changed = changedFields(values);

  const focusField = (field: ProfileField) => {
    const target =
      field === 'email'
        ? document.querySelector<HTMLElement>('.change-email a')
        : document.querySelector<HTMLElement>(`[name="${field}"]`);
    target?.scrollIntoView({ block: 'center' });
    target?.focus();
  };

  // A failed check scrolls the first wrong field (in the fields' order) to the middle and focuses it.
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const first = PROFILE_FIELDS.find((field) => checkValues(values)[field]);
    if (first && !form.check()) {
      focusField(first);
      return;
    }
    void form.onSubmit();
  };

  return (
    <section className="page profile-page">
      <PageHeading {...PAGE_FRAMES.profile.details}>
        <p>
          {user.first_name} {user.last_name} · @{user.username}
        </p>
      </PageHeading>
      <ProfileTabs />
      <div className="profile-layout">
        <CompletionCard user={user} onPick={focusField} />
        <form className="card form profile-form" onSubmit={onSubmit} noValidate aria-label="Profile details">
          <FormError message={errors.form} />
          {FIELD_GROUPS.map((group) => (
            <fieldset key={group} className="profile-form__group">
              <legend className="profile-form__legend">{group}</legend>
              <div className="profile-form__grid">
                {fieldsOf(group).map((field) =>
                  field === 'email' ? (
                    <EmailField key={field} current={user.email} />
                  ) : (
                    <ProfileInput
                      key={field}
                      field={field}
                      value={values[field]}
                      error={errors[field]}
                      onChange={(value) => form.set(field, value)}
                    />
                  ),
                )}
              </div>
            </fieldset>
          ))}
          <div className="profile-form__actions">
            <Button type="submit" busy={form.busy}>
              Save profile
            </Button>
            <p className="profile-form__status" aria-live="polite">
              {changed.length === 0
                ? 'No unsaved changes.'
                : `${changed.length} unsaved change${changed.length === 1 ? '' : 's'}.`}
            </p>
          </div>
        </form>
      </div>
    </section>
  );
}

function ProfileInput({
  field,
  value,
  error,
  onChange,
}: {
  field: ProfileField;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const spec = FIELD_SPECS[field];
  const common = { name: field, label: spec.label, error, hint: spec.hint, value };
  switch (spec.kind) {
    case 'textarea':
      return <TextAreaField {...common} rows={5} onChange={(event) => onChange(event.target.value)} />;
    case 'select':
      return (
        <SelectField
          {...common}
          options={optionsWith(spec, value)}
          placeholder="Not set"
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'yes-no':
      return (
        <SelectField
          {...common}
          options={[
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ]}
          placeholder="Not set"
          onChange={(event) => onChange(event.target.value)}
        />
      );
    default:
      return (
        <TextField
          {...common}
          type={spec.kind === 'number' ? 'number' : spec.kind === 'date' ? 'date' : 'text'}
          inputMode={spec.kind === 'number' ? 'numeric' : undefined}
          autoComplete={spec.autoComplete ?? 'off'}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}
