import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { Link } from 'wouter';
import { absolute } from './app-link';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /**
   * Shows a spinner, and the button does nothing (a submit button submits nothing) until it is done;
   * assistive technology hears it busy and unavailable. It keeps focus: a disabled button dropped it
   * to the page's body, and a keyboard user's place with it (Block in a room, Log in).
   */
  busy?: boolean;
  block?: boolean;
}

function classes(variant: ButtonVariant, block: boolean | undefined, extra?: string): string {
  return ['btn', `btn--${variant}`, block ? 'btn--block' : '', extra ?? ''].filter(Boolean).join(' ');
}

export function Button({
  variant = 'primary',
  busy,
  block,
  className,
  children,
  disabled,
  type,
  onClick,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type ?? 'button'}
      className={classes(variant, block, className)}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={busy ? doNothing : onClick}
    >
      {busy ? <span className="spinner spinner--inline" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** A busy button's click: no action, and no submit of its form (Enter in a field clicks it too). */
function doNothing(event: MouseEvent<HTMLButtonElement>): void {
  event.preventDefault();
}

export interface ButtonLinkProps {
  href: string;
  variant?: ButtonVariant;
  block?: boolean;
  className?: string;
  children: ReactNode;
}

/** A link that looks like a button (navigation is a link, actions are buttons). Paths are absolute. */
export function ButtonLink({ href, variant = 'primary', block, className, children }: ButtonLinkProps) {
  return (
    <Link href={absolute(href)} className={classes(variant, block, className)}>
      {children}
    </Link>
  );
}
