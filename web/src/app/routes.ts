/**
 * THE route table: one entry per top-level area of SPEC.md section 2, each a lazily loaded chunk.
 * Add an area here (and only here); its feature module's default export renders the area and
 * routes its own sub-paths (wouter `nest`: paths inside are relative to the area).
 *
 * Access is not restated here: <Guard> asks the SDK's guardRoute for every path, so the table
 * cannot disagree with SPEC.md's guards. Order matters: the public area ('/') is last and
 * catches everything else, rendering the not-found page for paths it does not know.
 *
 * This table is the one place shared code names a feature, and only to load an area's screen or
 * its start-up module lazily (test/structure.imports.test.ts holds every other import to that).
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import { PATHS } from '../config/paths';
import { lazyScreen } from '../lib/lazy';
import type { StartupLoader } from '../state/session-start';

export interface AreaRoute {
  /** Used in error messages and test ids. */
  readonly name: string;
  /** The area's top-level path; sub-paths are matched inside the feature. */
  readonly path: string;
  readonly screen: LazyExoticComponent<ComponentType>;
}

const messages = lazyScreen(() => import('../features/messages/index'));

export const AREA_ROUTES: readonly AreaRoute[] = [
  { name: 'account', path: PATHS.account, screen: lazyScreen(() => import('../features/account/index')) },
  { name: 'profile', path: PATHS.profile, screen: lazyScreen(() => import('../features/profile/index')) },
  { name: 'payments', path: PATHS.payments, screen: lazyScreen(() => import('../features/payments/index')) },
  {
    name: 'notifications',
    path: PATHS.notifications,
    screen: lazyScreen(() => import('../features/notifications/index')),
  },
  {
    name: 'preferences',
    path: PATHS.preferences,
    screen: lazyScreen(() => import('../features/preferences/index')),
  },
  { name: 'matches', path: PATHS.matches, screen: lazyScreen(() => import('../features/matches/index')) },
  { name: 'messages', path: PATHS.messages, screen: messages },
  // SPEC.md section 2: match-requests shows the same messaging area as messages.
  { name: 'match-requests', path: PATHS.matchRequests, screen: messages },
  { name: 'admin', path: PATHS.admin, screen: lazyScreen(() => import('../features/admin/index')) },
  { name: 'public', path: PATHS.root, screen: lazyScreen(() => import('../features/public/index')) },
];

/**
 * The features' start-up modules (state/session-start.ts): each registers the work a logged-in
 * session starts with. Loaded at start-up, for logged-in users only, beside the client's chunk.
 */
export const FEATURE_STARTUPS: readonly StartupLoader[] = [
  () => import('../features/notifications/notifications-startup'),
  () => import('../features/messages/messages-startup'),
];
