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

/** The query parameter of the login route that carries where to continue after logging in. */
export const LOGIN_NEXT_PARAM = 'next';

/**
 * The login route, flagged with userSuspended=true after a suspension logout, and carrying `next`
 * (a path with its query) when a guard sent the visitor there from a page they meant to open.
 * A `next` that `safeReturnPath` refuses is left out.
 */
export function loginRedirect(
  options: { readonly suspended?: boolean; readonly next?: string | null } = {},
): string {
  const query = new URLSearchParams();
  if (options.suspended === true) query.set(LOGIN_SUSPENDED_PARAM, 'true');
  const next = safeReturnPath(options.next);
  if (next !== null) query.set(LOGIN_NEXT_PARAM, next);
  const search = query.toString();
  return search === '' ? ROUTES.login : `${ROUTES.login}?${search}`;
}

/** Longer values are refused: no page of the app needs one, and it bounds the work done here. */
const RETURN_PATH_MAX_LENGTH = 2048;
// The URL parser drops tabs and newlines and reads a backslash as a slash, so `/\\evil` and
// `/<tab>/evil` both become `//evil`; no real path of the app contains any of them.
const hasControlCharacter = (value: string): boolean =>
  [...value].some((character) => {
    const code = character.charCodeAt(0);
    return code < 0x20 || code === 0x7f;
  });
const hasUnsafeCharacter = (value: string): boolean => /[\\\s]/.test(value) || hasControlCharacter(value);
const RETURN_BASE = 'https://return-path.invalid';

/** Whether a path (its part before `?` and `#`) can only be read as a path on this origin. */
function isPlainPath(value: string): boolean {
  const pathname = value.split(/[?#]/, 1)[0] ?? '';
  return pathname.startsWith('/') && !pathname.startsWith('//') && !hasUnsafeCharacter(pathname);
}

/**
 * The value of a login `next` parameter if it is a same-origin path (with its query and hash),
 * else null. Refused: anything not starting with one '/', protocol-relative (`//evil`) and
 * absolute URLs (`https://…`, `javascript:`), backslashes and control characters in the path
 * (`/\\evil`), and the same percent-encoded at any depth (`/%2F%2Fevil`, `/%5Cevil`), since a
 * later decode by a router or a server must not turn an accepted path into another origin.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length > RETURN_PATH_MAX_LENGTH) return null;
  if (hasControlCharacter(value) || !isPlainPath(value)) return null;
  let pathname = value.split(/[?#]/, 1)[0] ?? '';
  for (let depth = 0; ; depth++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      // A malformed escape is no path of ours.
      return null;
    }
    if (decoded === pathname) break;
    // Encoded more deeply than anything the app writes: refuse rather than guess.
    if (depth === 4 || !isPlainPath(decoded)) return null;
    pathname = decoded;
  }
  const url = new URL(value, RETURN_BASE);
  // The parser resolves `.`/`..` (also encoded ones), which may leave `//` at the start.
  if (url.origin !== RETURN_BASE || !isPlainPath(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where a user lands when nothing else is asked for: the back office for admins, else matches. */
export function homeRoute(user: RoleSubject | null | undefined): string {
  if (user == null) return ROUTES.root;
  return isAdmin(user) ? ROUTES.admin : ROUTES.matches;
}

/**
 * Where to go right after logging in: `next` when it is a safe same-origin path (`safeReturnPath`)
 * that the user's role may open (`guardRoute` allows it), else the user's home (`homeRoute`).
 */
export function landingAfterLogin(
  user: RoleSubject | null | undefined,
  next: string | null | undefined,
): string {
  const path = safeReturnPath(next);
  if (path === null || user == null || !guardRoute(path, user).allow) return homeRoute(user);
  return path;
}
