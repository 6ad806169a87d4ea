import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from 'wouter';
import { absolute } from './app-link';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Shows a spinner, disables the button and tells assistive technology it is busy. */
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
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type ?? 'button'}
      className={classes(variant, block, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy ? <span className="spinner spinner--inline" aria-hidden="true" /> : null}
      {children}
    </button>
  );
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
