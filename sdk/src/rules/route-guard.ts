import { routeSegments } from './paths';
import { isAdmin, isDeleted, type RoleSubject } from './roles';

/** The member areas of SPEC.md section 2, by their top-level segment. */
export const MEMBER_AREAS = [
  'profile',
  'payments',
  'notifications',
  'preferences',
  'matches',
  'messages',
  'match-requests',
] as const;
export type MemberArea = (typeof MEMBER_AREAS)[number];

export const ADMIN_AREA = 'admin';
export const ACCOUNT_AREA = 'account';

/** Every top-level route the app knows; '' is the public root. Anything else is not found. */
export const TOP_LEVEL_ROUTES = ['', ACCOUNT_AREA, ...MEMBER_AREAS, ADMIN_AREA] as const;
export type TopLevelRoute = (typeof TOP_LEVEL_ROUTES)[number];

export const ROUTES = {
  root: '/',
  account: '/account',
  login: '/account/login',
  reactivate: '/account/reactivate',
  admin: '/admin',
  profile: '/profile',
  payments: '/payments',
  notifications: '/notifications',
  preferences: '/preferences',
  matches: '/matches',
  messages: '/messages',
  matchRequests: '/match-requests',
} as const;

/** The query flag the login page reads to explain a suspension logout. */
export const LOGIN_SUSPENDED_PARAM = 'userSuspended';

export type GuardRedirect = typeof ROUTES.login | typeof ROUTES.reactivate;
export type RouteDecision =
  | { readonly allow: true }
  | { readonly allow: false; readonly redirect: GuardRedirect };

/** Which kind of route a path belongs to; 'not-found' renders the not-found page. */
export type RouteArea = 'public' | 'account' | 'member' | 'admin' | 'not-found';

const ALLOW: RouteDecision = Object.freeze({ allow: true });
const TO_LOGIN: RouteDecision = Object.freeze({ allow: false, redirect: ROUTES.login });
const TO_REACTIVATE: RouteDecision = Object.freeze({ allow: false, redirect: ROUTES.reactivate });

const MEMBER_AREA_SET: ReadonlySet<string> = new Set(MEMBER_AREAS);
const TOP_LEVEL_SET: ReadonlySet<string> = new Set(TOP_LEVEL_ROUTES);

export function isMemberArea(segment: string): segment is MemberArea {
  return MEMBER_AREA_SET.has(segment);
}

/**
 * The known top-level route a path belongs to ('' for the root), or null when the app has no such
 * route. The first segment is matched case-insensitively, like the router does.
 */
export function topLevelRoute(path: string | null | undefined): TopLevelRoute | null {
  const first = routeSegments(path)[0] ?? '';
  return TOP_LEVEL_SET.has(first) ? (first as TopLevelRoute) : null;
}

export function routeArea(path: string | null | undefined): RouteArea {
  const route = topLevelRoute(path);
  if (route === null) return 'not-found';
  if (route === '') return 'public';
  if (route === ACCOUNT_AREA) return 'account';
  if (route === ADMIN_AREA) return 'admin';
  return 'member';
}

/**
 * Whether `user` (null when anonymous) may open `path`, and where to send them if not.
 *
 * In a member area the admin check comes before the deleted check: an admin is never sent to the
 * member reactivation flow. In the admin area only the admin check applies, as SPEC.md states; a
 * deleted admin account is left to the server to refuse. Public, account and unknown paths are never
 * redirected (an unknown path renders the not-found page).
 */
export function guardRoute(
  path: string | null | undefined,
  user: RoleSubject | null | undefined,
): RouteDecision {
  switch (routeArea(path)) {
    case 'member':
      if (user == null || isAdmin(user)) return TO_LOGIN;
      return isDeleted(user) ? TO_REACTIVATE : ALLOW;
    case 'admin':
      return isAdmin(user) ? ALLOW : TO_LOGIN;
    default:
      return ALLOW;
  }
}

/** The login route, flagged with userSuspended=true after a suspension logout. */
export function loginRedirect(options: { readonly suspended?: boolean } = {}): string {
  return options.suspended === true ? `${ROUTES.login}?${LOGIN_SUSPENDED_PARAM}=true` : ROUTES.login;
}
