/** After a first social sign-in: the registration details the provider does not supply. */
import { useSnapshot } from 'valtio';
import { Button, FormError } from '../../components/index';
import { useForm } from '../../lib/use-form';
import { sessionState } from '../../state/session';
import { completeAccount } from './account-actions';
import { checkPerson, PersonFields, type PersonValues, TermsField } from './account-fields';
import { referrerFrom } from './referral';
import { useUsernameCheck } from './username-check';

export function CompleteAccountForm({ onDone }: { onDone: () => void }) {
  const { user } = useSnapshot(sessionState);
  const form = useForm({
    focusInvalid: true,
    initial: (): PersonValues => ({
      username: user?.username ?? '',
      date_of_birth: '',
      sex: '',
      agreed_to_terms: false,
    }),
    validate: (values) => checkPerson(values, check, 'You must agree to the terms to use Matchmaker.'),
    submit: (values) => {
      const referrer = referrerFrom('');
      return completeAccount({
        username: values.username.trim(),
        date_of_birth: values.date_of_birth,
        sex: values.sex,
        agreed_to_terms: true,
        ...(referrer ? { referrer } : {}),
      });
    },
    onSuccess: onDone,
  });
  const check = useUsernameCheck(form.values.username === user?.username ? '' : form.values.username);

  return (
    <form className="card form" onSubmit={form.onSubmit} noValidate>
      <FormError message={form.errors.form} />
      <PersonFields
        form={form}
        check={check}
        idleHint="Other members see it. Keep the suggested one or choose your own."
      />
      <TermsField field={form.checkbox('agreed_to_terms')} />
      <Button type="submit" block busy={form.busy}>
        Continue
      </Button>
    </form>
  );
}
