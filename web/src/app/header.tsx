/**
 * The site header. Visitors see log in and join; members their areas with the unread
 * notifications badge; admins only the back-office entry (SPEC.md section 6). Below 48em (768 px
 * at the usual text size, wider with larger text) the navigation folds into a menu button.
 */
import { type RefObject, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { Button } from '../components/index';
import { PATHS } from '../config/paths';
import { clearHeaderHeight, setHeaderHeight } from '../lib/header-height';
import { reportError } from '../lib/report';
import { badgeState } from '../state/badges';
import { logOut, sessionState } from '../state/session';

const MEMBER_LINKS = [
  { href: PATHS.matches, label: 'Matches' },
  { href: PATHS.messages, label: 'Messages' },
  { href: PATHS.notifications, label: 'Notifications', badge: true },
  { href: PATHS.profile, label: 'Profile' },
  { href: PATHS.preferences, label: 'Preferences' },
  { href: PATHS.payments, label: 'Plans' },
] as const;

function NavLink({ href, children }: { href: string; children: React.ReactNode }) {
  const [path] = useLocation();
  const current = path === href || path.startsWith(`${href}/`);
  return (
    <Link href={href} className="nav__link" aria-current={current ? 'page' : undefined}>
      {children}
    </Link>
  );
}

/**
 * The header's height, as `--header-height` on the page's root, for what must stay clear of it as
 * the page scrolls (the sticky side panels, `scroll-padding-top`): one row is 3.75rem, but the
 * member's links take two rows at 1280 px with 24 px text (175 px), where the profile's completion
 * panel and a fragment's target stuck under it.
 */
function useHeaderHeight(header: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = header.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeaderHeight(element));
    observer.observe(element, { box: 'border-box' });
    return () => {
      observer.disconnect();
      clearHeaderHeight();
    };
  }, [header]);
}

/**
 * `children` show just below the header and move with it (the toasts): the header is sticky at
 * the top and their containing block.
 */
export function Header({ children }: { children?: React.ReactNode }) {
  const session = useSnapshot(sessionState);
  const { unreadNotifications } = useSnapshot(badgeState);
  const [path] = useLocation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const menuId = useId();
  const header = useRef<HTMLElement>(null);
  useHeaderHeight(header);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu on every navigation
  useEffect(() => setOpen(false), [path]);

  // And when Tab leaves the header: left open, it covered the page the member tabbed into (the
  // sticky header and its menu were 608 of a 667 px view at 24 px text).
  useEffect(() => {
    const element = header.current;
    if (!open || !element) return;
    const left = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (next instanceof Node && !element.contains(next)) setOpen(false);
    };
    element.addEventListener('focusout', left);
    return () => element.removeEventListener('focusout', left);
  }, [open]);

  const onLogout = () => {
    setBusy(true);
    logOut()
      .catch(reportError)
      .finally(() => setBusy(false));
  };

  const home =
    session.status === 'admin' ? PATHS.admin : session.status === 'member' ? PATHS.matches : PATHS.root;
  const links =
    session.status === 'member' ? (
      MEMBER_LINKS.map((link) => (
        <li key={link.href}>
          <NavLink href={link.href}>
            {link.label}
            {'badge' in link && unreadNotifications > 0 ? (
              <span className="badge" data-testid="unread-badge">
                {unreadNotifications > 99 ? '99+' : unreadNotifications}
                <span className="visually-hidden"> unread</span>
              </span>
            ) : null}
          </NavLink>
        </li>
      ))
    ) : session.status === 'admin' ? (
      <li>
        <NavLink href={PATHS.admin}>Back office</NavLink>
      </li>
    ) : null;

  return (
    <header className="site-header" ref={header}>
      <div className="site-header__inner">
        <Link href={home} className="brand" aria-label="Matchmaker home">
          <span className="brand__mark" aria-hidden="true">
            ◆
          </span>
          <span className="brand__name">Matchmaker</span>
        </Link>
        {session.status === 'member' || session.status === 'admin' ? (
          <>
            <button
              type="button"
              className="nav-toggle"
              aria-expanded={open}
              aria-controls={menuId}
              onClick={() => setOpen((value) => !value)}
            >
              Menu
            </button>
            <nav id={menuId} className={open ? 'nav nav--open' : 'nav'} aria-label="Main">
              <ul className="nav__list">{links}</ul>
              <Button variant="ghost" className="nav__logout" onClick={onLogout} busy={busy}>
                Log out
              </Button>
            </nav>
          </>
        ) : session.status === 'anonymous' ? (
          <nav className="nav nav--visitor" aria-label="Account">
            <Link href={PATHS.login} className="nav__link">
              Log in
            </Link>
            <Link href={PATHS.register} className="btn btn--primary btn--small">
              Join free
            </Link>
          </nav>
        ) : null}
      </div>
      {children}
    </header>
  );
}
