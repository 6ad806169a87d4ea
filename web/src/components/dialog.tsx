/**
 * A modal dialog on the native <dialog> element: `showModal()` makes the rest of the page inert and
 * announces it as a dialog. Tab and Shift+Tab cycle inside it (the native dialog would let focus
 * leave to the browser's own controls). `dismissible={false}` keeps Escape from closing it
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
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Tab') trapTab(dialog, event);
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('keydown', onKeyDown);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('keydown', onKeyDown);
    };
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

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function trapTab(dialog: HTMLDialogElement, event: KeyboardEvent): void {
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.offsetParent !== null,
  );
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
