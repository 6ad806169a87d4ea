/**
 * Every path the app serves, as data. Each area of SPEC.md section 2 (its top-level path from
 * PATHS) routes the screens listed here inside it (wouter `nest`: patterns relative to the area);
 * the areas' <Route>s take their patterns from this table and from nowhere else. The build writes
 * the same table to dist/routes.json (`routeManifest`), so a server can answer any other path with
 * the not-found page and status 404 instead of a soft 404, without importing the app.
 */
import { ADMIN_AREA, MEMBER_AREAS, RELIGIONS_WITH_PAGES } from '@matchmaker/sdk/rules';
import { PATHS } from './paths';

/** The screens of each area, relative to the area's path. A `:name` segment is one path segment. */
export const SCREENS = {
  public: { landing: '/', religion: '/faith/:religion/marriage/singles' },
  account: {
    login: '/login',
    register: '/register',
    verifyEmail: '/verify-email',
    confirm: '/confirm',
    forgotPassword: '/forgot-password',
    resetPassword: '/reset-password',
    reactivate: '/reactivate',
    socialCallback: '/social-callback',
  },
  profile: { details: '/', photos: '/photos', verification: '/verification' },
  payments: { plans: '/' },
  notifications: { list: '/' },
  preferences: { settings: '/', changeEmail: '/change-email', changeUsername: '/change-username' },
  matches: { recommendations: '/', requests: '/requests', mutual: '/mutual', member: '/members/:id' },
  messages: { rooms: '/', room: '/:room' },
  admin: {
    home: '/',
    users: '/users',
    newUser: '/users/new',
    user: '/users/:id',
    kyc: '/kyc',
    kycMetrics: '/kyc/metrics',
    kycRequest: '/kyc/:userId/:requestId',
    images: '/images',
    features: '/features',
    analytics: '/analytics',
    logs: '/logs',
    referrals: '/referrals',
  },
} as const;

type ScreenSet = keyof typeof SCREENS;

/** Which screens each top-level path shows: match-requests shows the messaging area (SPEC.md section 2). */
export const AREA_SCREENS: readonly { readonly path: string; readonly screens: ScreenSet }[] = [
  { path: PATHS.root, screens: 'public' },
  { path: PATHS.account, screens: 'account' },
  { path: PATHS.profile, screens: 'profile' },
  { path: PATHS.payments, screens: 'payments' },
  { path: PATHS.notifications, screens: 'notifications' },
  { path: PATHS.preferences, screens: 'preferences' },
  { path: PATHS.matches, screens: 'matches' },
  { path: PATHS.messages, screens: 'messages' },
  { path: PATHS.matchRequests, screens: 'messages' },
  { path: PATHS.admin, screens: 'admin' },
];

/**
 * The values a parameter may take where the app shows a page only for those: a religion page
 * exists for SPEC.md section 9's religions alone, anything else is not found.
 */
export const PARAM_VALUES: Readonly<Record<string, readonly string[]>> = {
  religion: RELIGIONS_WITH_PAGES,
};

export interface RouteManifestEntry {
  /** A full path pattern: literal segments and `:name` segments (one non-empty segment each). */
  readonly pattern: string;
  /** For a parameter listed here, the only values that show a page. */
  readonly values?: Readonly<Record<string, readonly string[]>>;
}

/**
 * dist/routes.json. Patterns match as wouter matches them: literal segments without regard to
 * letter case, an optional trailing slash, parameters as one non-empty segment.
 */
export interface RouteManifest {
  readonly routes: readonly RouteManifestEntry[];
}

/** The area's path and a screen's relative pattern as one full pattern ('/' + '/x' is '/x'). */
export function joinPattern(areaPath: string, screen: string): string {
  const base = areaPath === '/' ? '' : areaPath;
  return screen === '/' ? base || '/' : `${base}${screen}`;
}

function paramNames(pattern: string): string[] {
  return pattern
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));
}

/** Every full pattern the app serves, with the parameter values it is limited to. */
export function routeManifest(): RouteManifest {
  const routes = AREA_SCREENS.flatMap(({ path, screens }) =>
    Object.values(SCREENS[screens]).map((screen): RouteManifestEntry => {
      const pattern = joinPattern(path, screen);
      const limited = paramNames(pattern).filter((name) => PARAM_VALUES[name] !== undefined);
      if (limited.length === 0) return { pattern };
      return {
        pattern,
        values: Object.fromEntries(limited.map((name) => [name, PARAM_VALUES[name] ?? []])),
      };
    }),
  );
  return { routes };
}

/** The public pages a search engine may list: the public area's screens, parameters filled. */
export function publicPagePaths(): string[] {
  return Object.values(SCREENS.public).flatMap((screen) => {
    const pattern = joinPattern(PATHS.root, screen);
    const names = paramNames(pattern);
    if (names.length === 0) return [pattern];
    if (names.length > 1) throw new Error(`publicPagePaths: ${pattern} has more than one parameter`);
    const [name] = names;
    const values = name === undefined ? undefined : PARAM_VALUES[name];
    // A parameter without a known set of values (an id) names pages no list can give.
    return values ? values.map((value) => pattern.replace(`:${name}`, value)) : [];
  });
}

/** The member and admin areas, which search engines are asked to leave alone (robots.txt). */
export function privateAreaPaths(): string[] {
  return [...MEMBER_AREAS, ADMIN_AREA].map((area) => `/${area}`);
}
