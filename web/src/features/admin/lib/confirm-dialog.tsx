/**
 * Every back-office action is confirmed first. The dialog stays open while the call runs (its
 * confirm button busy), closes on success and keeps the error inside on failure, so nothing is
 * lost and the admin can retry or cancel.
 */
import { isMatchmakerError } from '@matchmaker/sdk';
import type { FormEvent, ReactNode } from 'react';
import { Dialog } from '../../../components/dialog';
import { Button, type ButtonVariant } from '../../../components/index';
import { describeError } from '../../../lib/error-message';
import { useForm } from '../../../lib/use-form';

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
  const form = useForm({
    initial: {},
    submit: onConfirm,
    successToast: (message) => message,
    onSuccess: onClose,
    // The fields of a dialog judge themselves as they are typed (`invalid`); what the server
    // refuses is said in the dialog, which stays open, and in a toast.
    fields: [],
    // Our own errors (a partial bulk decision) carry words for the admin; API errors are described.
    failureMessage: (caught) =>
      !isMatchmakerError(caught) && caught instanceof Error ? caught.message : describeError(caught),
    failureToast: true,
  });
  const { busy } = form;
  const error = form.errors.form;

  const close = () => {
    if (busy) return;
    form.reset();
    onClose();
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!invalid) void form.onSubmit(event);
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
          <Button variant={variant} busy={busy} disabled={invalid} onClick={() => submit()}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form className="admin-confirm" onSubmit={submit}>
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
