/**
 * A modal dialog on the native <dialog> element: `showModal()` makes the rest of the page inert,
 * traps focus and announces it as a dialog. `dismissible={false}` keeps Escape from closing it
 * (the location modal blocks the screen until it is answered).
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';

export interface DialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** Buttons, at the end of the dialog. */
  actions?: ReactNode;
  /** Called on Escape when dismissible; omit for a dialog that must be answered. */
  onClose?: () => void;
  dismissible?: boolean;
  /** `alertdialog` for dialogs that interrupt the member with something urgent. */
  role?: 'dialog' | 'alertdialog';
}

export function Dialog({
  open,
  title,
  children,
  actions,
  onClose,
  dismissible = true,
  role = 'dialog',
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // `cancel` is Escape (and the Close watcher); a blocking dialog ignores it.
    const onCancel = (event: Event) => {
      event.preventDefault();
      if (dismissible) onClose?.();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => dialog.removeEventListener('cancel', onCancel);
  }, [dismissible, onClose]);

  return (
    <dialog
      ref={ref}
      className="dialog"
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
    >
      {open ? (
        <div className="dialog__panel">
          <h2 className="dialog__title" id={titleId}>
            {title}
          </h2>
          <div className="dialog__body" id={bodyId}>
            {children}
          </div>
          {actions ? <div className="dialog__actions">{actions}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}
