/**
 * THE route table: one entry per top-level area of SPEC.md section 2, each a lazily loaded chunk.
 * Add an area here (and only here); its feature module's default export renders the area and
 * routes its own sub-paths (wouter `nest`: paths inside are relative to the area).
 *
 * Access is not restated here: <Guard> asks the SDK's guardRoute for every path, so the table
 * cannot disagree with SPEC.md's guards. Order matters: the public area ('/') is last and
 * catches everything else, rendering the not-found page for paths it does not know.
 *
 * This table is the one place shared code names a feature, and only to load an area's screen, a
 * screen below it (`*-screen`) or its start-up module lazily (test/structure.imports.test.ts holds
 * every other import to that).
 */
import { pathSegments, routeArea } from '@matchmaker/sdk/rules';
import type { ComponentType } from 'react';
import { PATHS } from '../config/paths';
import { SCREENS } from '../config/route-patterns';
import { onRecommendationsPage, onRoomsPage } from '../config/startup-paths';
import { type LazyScreen, lazyScreen } from '../lib/lazy';
import { hasAccessCookie } from '../state/session';
import type { StartupModule } from '../state/session-start';

export interface AreaRoute {
  /** Used in error messages and test ids. */
  readonly name: string;
  /** The area's top-level path; sub-paths are matched inside the feature. */
  readonly path: string;
  readonly screen: LazyScreen<object>;
  /**
   * Fetches the area's chunk (the same module `screen` renders) ahead of rendering it, and on a
   * path below the area the chunk of the screen shown there (`below`), beside it.
   */
  readonly preload: () => Promise<unknown>;
}

/**
 * An area's module: its default export renders the area. An area whose screen below its own path
 * is a chunk of its own (`area`'s `below`) exports the lazy screen it renders there as
 * `belowScreen` (lib/lazy.ts `lazyScreen`, of the same module).
 */
interface AreaExports {
  readonly default: ComponentType;
  readonly belowScreen?: { readonly preload: () => Promise<unknown> };
}

/**
 * The page's path below the area's own, as the area's screens' patterns are written (`/register`
 * below `/account`), or null when the page is at the area's own path.
 */
function pathBelow(path: string): string | null {
  const segments = pathSegments(window.location.pathname);
  const own = pathSegments(path).length;
  return segments.length > own ? `/${segments.slice(own).join('/')}` : null;
}

/**
 * The screen a path below an area shows, when it is a chunk of its own fetched beside the area's:
 * its loader for that path (relative to the area), or undefined for a path whose screen is not.
 */
type Below = (pathBelow: string) => (() => Promise<unknown>) | undefined;

/**
 * An area, loaded lazily. `below` names the screen a path below the area's own shows, when that
 * screen is a chunk of its own (the messaging area's room, which the conversations list does not
 * need; the register form, which the login page does not). On such a path it is fetched beside
 * the area's chunk, whether ahead of the render (`preload`) or by it, rather than once the area
 * has run. An area that exports its lazy screen of that module (`belowScreen`, the room) renders
 * once that is in hand too, in one piece as when they were one chunk:
 * a screen shown after the rest of the area would show its place's loading state first, one more
 * render and paint before the room. A failed fetch of it is left to its render, which has the
 * reload-once rule. The browser fetches the module once: an import of it is the same module.
 */
function area(name: string, path: string, load: () => Promise<AreaExports>, below?: Below): AreaRoute {
  const loadHere = async (): Promise<AreaExports> => {
    const rest = below ? pathBelow(path) : null;
    const screenHere = rest === null ? undefined : below?.(rest.toLowerCase());
    if (!screenHere) return load();
    screenHere().catch(() => {});
    const module = await load();
    await module.belowScreen?.preload().catch(() => {});
    return module;
  };
  const screen = lazyScreen(loadHere);
  return { name, path, screen, preload: screen.preload };
}

const loadMessages = () => import('../features/messages/index');
/** Every path below the messaging area is a room. */
const room: Below = () => () => import('../features/messages/room-screen');
/** Below the account area, the register form (a visitor's first page after the landing). */
const register: Below = (rest) =>
  rest === SCREENS.account.register ? () => import('../features/account/register-screen') : undefined;

export const AREA_ROUTES: readonly AreaRoute[] = [
  area('account', PATHS.account, () => import('../features/account/index'), register),
  area('profile', PATHS.profile, () => import('../features/profile/index')),
  area('payments', PATHS.payments, () => import('../features/payments/index')),
  area('notifications', PATHS.notifications, () => import('../features/notifications/index')),
  area('preferences', PATHS.preferences, () => import('../features/preferences/index')),
  area('matches', PATHS.matches, () => import('../features/matches/index')),
  area('messages', PATHS.messages, loadMessages, room),
  // SPEC.md section 2: match-requests shows the same messaging area as messages.
  area('match-requests', PATHS.matchRequests, loadMessages, room),
  area('admin', PATHS.admin, () => import('../features/admin/index')),
  area('public', PATHS.root, () => import('../features/public/index')),
];

// Start-up paths carry their query; the SDK's path rules drop it, as they do for the guard.
/** A back-office page: the session is most likely an admin's (a member is refused by the guard). */
const onAdminPage = (path: string): boolean => routeArea(path) === 'admin';

/**
 * The features' start-up modules (state/session-start.ts): each registers the work a logged-in
 * session starts with, and says when it is needed, so nobody downloads another role's on the
 * other role's pages: the members' (the badge, the outbox) once the member's first screen is shown
 * (their work waits for that moment: state/session.ts), the matches' only on /matches and the rooms' only in the
 * messaging area (each one's work prepares that screen), the back office's beside the client on a
 * back-office page (else once user info says an admin is signed in; the size check skips it as it
 * skips the admin area's chunk). A member who types an /admin address downloads it and the admin
 * area's chunk, and is still refused by the guard: its work runs only for an admin
 * (`onAdminStart`).
 */
export const FEATURE_STARTUPS: readonly StartupModule[] = [
  { load: () => import('../features/notifications/notifications-startup'), after: 'member' },
  { load: () => import('../features/messages/messages-startup'), after: 'member' },
  { load: () => import('../features/messages/rooms-startup'), early: onRoomsPage, after: null },
  {
    load: () => import('../features/matches/matches-startup'),
    early: onRecommendationsPage,
    after: null,
  },
  { load: () => import('../features/admin/admin-startup'), early: onAdminPage, after: 'admin' },
];

/**
 * Starts fetching the chunk of the page's area when someone is signed in (the access cookie is
 * there), and on a path below the area the chunk of the screen shown there if it has one of its
 * own (`area`'s `below`: a room): the guard shows that area only after start-up, so without this
 * its chunk would be requested only once start-up had answered (issue 24: on /admin/users, one
 * more round of chunks after user info). The back office's too, on a back-office page: who is
 * signed in is not known yet, but it is most likely an admin; a member who types an /admin
 * address downloads it and is refused by the guard all the same (no member page ever loads it:
 * the size check's rule). A failed fetch is left to the render, which has the reload-once rule
 * and the area's error boundary.
 */
export function preloadSignedInArea(pathname: string): void {
  const where = routeArea(pathname);
  if ((where !== 'member' && where !== 'admin') || !hasAccessCookie()) return;
  const lower = pathname.toLowerCase();
  const route = AREA_ROUTES.find((entry) => lower === entry.path || lower.startsWith(`${entry.path}/`));
  route?.preload().catch(() => {});
}
