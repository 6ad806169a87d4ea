import type { AnchorHTMLAttributes } from 'react';
import { Link } from 'wouter';

/**
 * Areas are nested routes (wouter `nest`), where a plain `<Link href="/x">` is relative to the
 * area. App paths (PATHS) are absolute, so they get wouter's `~` prefix, which means "from the
 * root". Use wouter's Link directly for links relative to the current area.
 */
export function absolute(href: string): string {
  return href.startsWith('/') ? `~${href}` : href;
}

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string;
}

export function AppLink({ href, ...rest }: AppLinkProps) {
  return <Link href={absolute(href)} {...rest} />;
}
