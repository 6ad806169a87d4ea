/**
 * Applies the SDK's guardRoute to the current path. Member and admin areas wait for start-up to
 * know who is logged in (the progress bar shows meanwhile); public and account paths render at
 * once.
 */
import { guardRoute, routeArea } from '@matchmaker/sdk';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Redirect, useLocation } from 'wouter';
import { Spinner } from '../components/index';
import { sessionState } from '../state/session';

export function Guard({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  const session = useSnapshot(sessionState);
  const area = routeArea(path);
  if ((area === 'member' || area === 'admin') && session.status === 'starting') {
    return <Spinner label="Loading your account" />;
  }
  const decision = guardRoute(path, session.user);
  if (!decision.allow) return <Redirect to={decision.redirect} replace />;
  return <>{children}</>;
}
