import { userIdOf } from '@matchmaker/sdk/rules';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Dialog } from '../../components/dialog';
import { Button, type ButtonProps, TextField } from '../../components/index';
import { getClient } from '../../lib/client';
import { describeError } from '../../lib/error-message';
import { reportError } from '../../lib/report';
import { notify } from '../../lib/toast';
import { logOut, sessionState } from '../../state/session';
import { FormError } from './form-error';

/** The word typed to confirm a deletion: a slip of the finger cannot delete an account. */
const DELETE_WORD = 'DELETE';

type Step = 'deactivate' | 'delete' | null;

/** A closure dialog's buttons: keeping the account first, the destructive step named in full. */
function ConfirmActions({
  busy,
  onKeep,
  confirm,
  children,
}: {
  busy: boolean;
  onKeep: () => void;
  confirm: Pick<ButtonProps, 'onClick' | 'type' | 'form'>;
  children: ReactNode;
}) {
  return (
    <>
      <Button variant="secondary" onClick={onKeep} disabled={busy}>
        Keep my account
      </Button>
      <Button variant="danger" busy={busy} {...confirm}>
        {children}
      </Button>
    </>
  );
}

/**
 * Deactivate and delete, each confirmed in a dialog. Afterwards the SDK ends the session (a
 * member's logout), which clears every feature's state and lands on the login page.
 */
export function AccountClosure() {
  const session = useSnapshot(sessionState);
  const [step, setStep] = useState<Step>(null);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const formId = useId();

  const close = () => {
    if (busy) return;
    setStep(null);
    setTyped('');
    setError(undefined);
  };

  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(undefined);
    try {
      await call();
    } catch (caught) {
      reportError(caught);
      setError(describeError(caught));
      setBusy(false);
      return;
    }
    notify.success(done);
    await logOut().catch(reportError);
  };

  const deactivate = () => run(() => getClient().accounts.deactivate(), 'Your account is deactivated.');

  const remove = (event: FormEvent) => {
    event.preventDefault();
    const userId = userIdOf(session.user);
    if (typed.trim() !== DELETE_WORD) {
      setError(`Type ${DELETE_WORD} to confirm.`);
      return;
    }
    if (!userId) return;
    void run(
      () => getClient().accounts.initiateAccountDeletion(userId),
      'Your account deletion has started. We have emailed you about it.',
    );
  };

  return (
    <section className="card danger-zone" aria-labelledby="closure-heading">
      <h2 id="closure-heading">Close your account</h2>
      <div className="danger-zone__item">
        <div>
          <h3>Deactivate</h3>
          <p>Hide your profile from other members and log out. Your matches and messages are kept.</p>
        </div>
        <Button variant="secondary" onClick={() => setStep('deactivate')}>
          Deactivate account
        </Button>
      </div>
      <div className="danger-zone__item">
        <div>
          <h3>Delete</h3>
          <p>Start deleting your account, your profile, matches and messages. You will be logged out.</p>
        </div>
        <Button variant="danger" onClick={() => setStep('delete')}>
          Delete account
        </Button>
      </div>

      <Dialog
        open={step === 'deactivate'}
        title="Deactivate your account?"
        role="alertdialog"
        onClose={close}
        actions={
          <ConfirmActions busy={busy} onKeep={close} confirm={{ onClick: () => void deactivate() }}>
            Deactivate my account
          </ConfirmActions>
        }
      >
        <p>Other members will no longer see your profile, and you will be logged out.</p>
        <FormError message={error} />
      </Dialog>

      <Dialog
        open={step === 'delete'}
        title="Delete your account?"
        role="alertdialog"
        onClose={close}
        actions={
          <ConfirmActions busy={busy} onKeep={close} confirm={{ type: 'submit', form: formId }}>
            Delete my account
          </ConfirmActions>
        }
      >
        <p>
          Your account will be marked for deletion and you will be logged out. This cannot be undone from
          here.
        </p>
        <form id={formId} onSubmit={remove} noValidate>
          <TextField
            label={`Type ${DELETE_WORD} to confirm`}
            name="confirm_delete"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={typed}
            error={error}
            onChange={(event) => setTyped(event.target.value)}
          />
        </form>
      </Dialog>
    </section>
  );
}
