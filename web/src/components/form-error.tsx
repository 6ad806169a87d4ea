import type { ReactNode } from 'react';

export interface FormErrorProps {
  /** The form-level error (useForm's `errors.form`); nothing is drawn without one. */
  message: string | null | undefined;
  /** For a form that names it in `aria-describedby`. */
  id?: string;
  /** What the member can do about it (a link), drawn under the message. */
  children?: ReactNode;
}

/** A form-level error, announced when it appears; a refused submit gives it focus (lib/use-form.ts). */
export function FormError({ message, id, children }: FormErrorProps) {
  if (!message) return null;
  if (children) {
    return (
      <div className="form__error" id={id} role="alert" tabIndex={-1}>
        <p>{message}</p>
        {children}
      </div>
    );
  }
  return (
    <p className="form__error" id={id} role="alert" tabIndex={-1}>
      {message}
    </p>
  );
}
