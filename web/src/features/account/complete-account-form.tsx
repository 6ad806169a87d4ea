/** After a first social sign-in: the registration details the provider does not supply. */
import type { OauthUpdateInput } from '@matchmaker/sdk/schemas';
import { type FormEvent, useState } from 'react';
import { useSnapshot } from 'valtio';
import { CheckboxField, RadioGroup } from '../../components/choice-fields';
import { Button, TextField } from '../../components/index';
import { getClient } from '../../lib/client';
import { formErrorsOf } from '../../lib/form-errors';
import { replaceUser, sessionState } from '../../state/session';
import { SEX_OPTIONS } from './account-paths';
import { forgetReferrer, referrerFrom } from './referral';
import { focusFirstInvalid } from './register-page';
import { usernameHint, useUsernameCheck } from './username-check';

const FIELDS = ['username', 'date_of_birth', 'sex', 'agreed_to_terms'] as const;
type Field = (typeof FIELDS)[number];

export function CompleteAccountForm({ onDone }: { onDone: () => void }) {
  const { user } = useSnapshot(sessionState);
  const [username, setUsername] = useState(user?.username ?? '');
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [sex, setSex] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const check = useUsernameCheck(username === user?.username ? '' : username);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Partial<Record<Field, string>> = {};
    if (!username.trim()) next.username = 'Choose a username.';
    else if (check.state === 'taken') next.username = check.message;
    if (!dateOfBirth) next.date_of_birth = 'Enter your date of birth.';
    if (!sex) next.sex = 'Choose one.';
    if (!agreed) next.agreed_to_terms = 'You must agree to the terms to use Matchmaker.';
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length > 0) {
      if (event.currentTarget instanceof HTMLFormElement) focusFirstInvalid(event.currentTarget);
      return;
    }
    setBusy(true);
    try {
      const referrer = referrerFrom('');
      const body: OauthUpdateInput = {
        username: username.trim(),
        date_of_birth: dateOfBirth,
        sex,
        agreed_to_terms: true,
        ...(referrer ? { referrer } : {}),
      };
      const answer = await getClient().accounts.oauthUpdate(body);
      forgetReferrer();
      replaceUser(answer.user);
      onDone();
    } catch (error) {
      const found = formErrorsOf(error, FIELDS);
      setErrors(found.fields);
      setFormError(found.form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card form" onSubmit={onSubmit} noValidate>
      {formError ? (
        <p className="form__error" role="alert">
          {formError}
        </p>
      ) : null}
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={username}
        hint={
          <span aria-live="polite">
            {usernameHint(
              check,
              username,
              'Other members see it. Keep the suggested one or choose your own.',
            )}
          </span>
        }
        error={errors.username ?? (check.state === 'taken' ? check.message : undefined)}
        onChange={(event) => setUsername(event.target.value)}
      />
      <TextField
        label="Date of birth"
        name="date_of_birth"
        type="date"
        autoComplete="bday"
        required
        value={dateOfBirth}
        error={errors.date_of_birth}
        onChange={(event) => setDateOfBirth(event.target.value)}
      />
      <RadioGroup
        label="I am"
        name="sex"
        required
        value={sex}
        options={SEX_OPTIONS}
        error={errors.sex}
        onChange={setSex}
      />
      <CheckboxField
        name="agreed_to_terms"
        checked={agreed}
        error={errors.agreed_to_terms}
        onChange={(event) => setAgreed(event.target.checked)}
        label="I agree to the terms of service and the privacy policy, and I am looking for marriage."
      />
      <Button type="submit" block busy={busy}>
        Continue
      </Button>
    </form>
  );
}
