/**
 * Every back-office action is confirmed first. The dialog stays open while the call runs (its
 * confirm button busy), closes on success and keeps the error inside on failure, so nothing is
 * lost and the admin can retry or cancel.
 */
import { isMatchmakerError } from '@matchmaker/sdk';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { Button, type ButtonVariant } from '../../../components/index';
import { describeError } from '../../../lib/error-message';
import { notify } from '../../../lib/toast';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  variant?: ButtonVariant;
  /** Runs the action; resolves with the success toast's text. A thrown error stays in the dialog. */
  onConfirm: () => Promise<string>;
  onClose: () => void;
  /** Set when a field inside is not valid yet: the confirm button stays disabled. */
  invalid?: boolean;
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  variant = 'primary',
  onConfirm,
  onClose,
  invalid,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || invalid) return;
    setBusy(true);
    setError(null);
    try {
      const message = await onConfirm();
      notify.success(message);
      setBusy(false);
      onClose();
    } catch (caught) {
      // Our own errors (a partial bulk decision) carry words for the admin; API errors are described.
      const text =
        !isMatchmakerError(caught) && caught instanceof Error ? caught.message : describeError(caught);
      setError(text);
      notify.error(text);
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      title={title}
      onClose={close}
      actions={
        <>
          <Button variant="ghost" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button variant={variant} busy={busy} disabled={invalid} onClick={() => void submit()}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form className="admin-confirm" onSubmit={(event) => void submit(event)}>
        {children}
        {error ? (
          <p className="admin-confirm__error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
