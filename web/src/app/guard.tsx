/**
 * Applies the SDK's guardRoute to the current path. Member and admin areas wait for start-up to
 * know who is logged in (the progress bar shows meanwhile); public and account paths render at
 * once. While they wait with the access cookie there (user info on its way), the page's frame
 * shows: its heading, static lead and a busy region, never its data nor the back office (issue
 * 24: the page's first text painted only once user info had answered). A visitor without the
 * cookie is known to be anonymous before the first render and is sent on at once. A visitor sent
 * to log in takes the page (path and query) along as `next`, so an emailed link opened while
 * logged out continues after the login.
 */
import { guardRoute, loginRedirect, ROUTES, routeArea } from '@matchmaker/sdk/rules';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Redirect, useLocation, useSearch } from 'wouter';
import { Spinner } from '../components/index';
import { hasAccessCookie, sessionState } from '../state/session';
import { PageFrameAt } from './page-frame';

export function Guard({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  const search = useSearch();
  const session = useSnapshot(sessionState);
  const area = routeArea(path);
  if ((area === 'member' || area === 'admin') && session.status === 'starting') {
    return hasAccessCookie() ? (
      <PageFrameAt path={path} label="Loading your account" />
    ) : (
      <Spinner label="Loading your account" />
    );
  }
  const decision = guardRoute(path, session.user);
  if (!decision.allow) {
    const to =
      decision.redirect === ROUTES.login
        ? loginRedirect({ next: search === '' ? path : `${path}?${search}` })
        : decision.redirect;
    return <Redirect to={to} replace />;
  }
  return <>{children}</>;
}
