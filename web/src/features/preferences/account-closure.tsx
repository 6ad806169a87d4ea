import { userIdOf } from '@matchmaker/sdk/rules';
import { type ReactNode, useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Dialog } from '../../components/dialog';
import { Button, type ButtonProps, FormError, TextField } from '../../components/index';
import { useForm } from '../../lib/use-form';
import { sessionState } from '../../state/session';
import { closeAccount, endSessionAfterClosure } from './preferences-state';

/** The word typed to confirm a deletion: a slip of the finger cannot delete an account. */
const DELETE_WORD = 'DELETE';

type Step = 'deactivate' | 'delete' | null;

/** A closure step's dialog: keeping the account first, the destructive step named in full. */
function ClosureDialog({
  open,
  title,
  busy,
  onKeep,
  confirm,
  confirmLabel,
  children,
}: {
  open: boolean;
  title: string;
  busy: boolean;
  onKeep: () => void;
  confirm: Pick<ButtonProps, 'onClick' | 'type' | 'form'>;
  confirmLabel: string;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      title={title}
      role="alertdialog"
      onClose={onKeep}
      actions={
        <>
          <Button variant="secondary" onClick={onKeep} disabled={busy}>
            Keep my account
          </Button>
          <Button variant="danger" busy={busy} {...confirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}

/**
 * Deactivate and delete, each confirmed in a dialog. Afterwards the SDK ends the session (a
 * member's logout), which clears every feature's state and lands on the login page.
 */
export function AccountClosure() {
  const session = useSnapshot(sessionState);
  const [step, setStep] = useState<Step>(null);
  const formId = useId();
  // Both end the session once the call succeeds (the SDK's logout clears everything).
  const deactivation = useForm({
    initial: {},
    submit: () => closeAccount('deactivate'),
    onSuccess: endSessionAfterClosure,
    successToast: 'Your account is deactivated.',
  });
  const deletion = useForm({
    initial: { confirm_delete: '' },
    validate: ({ confirm_delete }) => ({
      confirm_delete: confirm_delete.trim() === DELETE_WORD ? undefined : `Type ${DELETE_WORD} to confirm.`,
    }),
    submit: () => {
      const userId = userIdOf(session.user);
      if (!userId) throw new Error('The logged-in user has no id');
      return closeAccount({ deleteUser: userId });
    },
    onSuccess: endSessionAfterClosure,
    successToast: 'Your account deletion has started. We have emailed you about it.',
  });
  const busy = deactivation.busy || deletion.busy;

  const close = () => {
    if (busy) return;
    setStep(null);
    deactivation.reset();
    deletion.reset();
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

      <ClosureDialog
        open={step === 'deactivate'}
        title="Deactivate your account?"
        busy={busy}
        onKeep={close}
        confirm={{ onClick: () => void deactivation.onSubmit() }}
        confirmLabel="Deactivate my account"
      >
        <p>Other members will no longer see your profile, and you will be logged out.</p>
        <FormError message={deactivation.errors.form} />
      </ClosureDialog>

      <ClosureDialog
        open={step === 'delete'}
        title="Delete your account?"
        busy={busy}
        onKeep={close}
        confirm={{ type: 'submit', form: formId }}
        confirmLabel="Delete my account"
      >
        <p>
          Your account will be marked for deletion and you will be logged out. This cannot be undone from
          here.
        </p>
        <form id={formId} onSubmit={deletion.onSubmit} noValidate>
          <TextField
            label={`Type ${DELETE_WORD} to confirm`}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            {...deletion.field('confirm_delete')}
            error={deletion.errors.confirm_delete ?? deletion.errors.form}
          />
        </form>
      </ClosureDialog>
    </section>
  );
}
