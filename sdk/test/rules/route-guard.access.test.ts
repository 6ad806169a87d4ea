import { describe, expect, it } from 'vitest';
import type { RoleSubject } from '../../src/rules/roles';
import {
  guardRoute,
  LOGIN_SUSPENDED_PARAM,
  loginRedirect,
  MEMBER_AREAS,
  ROUTES,
  type RouteDecision,
} from '../../src/rules/route-guard';

const anonymous = null;
const member: RoleSubject = { roles: ['General'], is_deleted: false };
const admin: RoleSubject = { roles: ['Admin'], is_deleted: false };
const deletedMember: RoleSubject = { roles: ['General'], is_deleted: true };
const deletedAdmin: RoleSubject = { roles: ['Admin'], is_deleted: true };

const ALLOW: RouteDecision = { allow: true };
const LOGIN: RouteDecision = { allow: false, redirect: '/account/login' };
const REACTIVATE: RouteDecision = { allow: false, redirect: '/account/reactivate' };

const users = [
  ['anonymous', anonymous],
  ['member', member],
  ['admin', admin],
  ['deleted member', deletedMember],
  ['deleted admin', deletedAdmin],
] as const;

/** The expected decision per user kind, in the order of `users`. */
const expectations: ReadonlyArray<readonly [string, readonly RouteDecision[]]> = [
  ...MEMBER_AREAS.map((area) => [`/${area}`, [LOGIN, ALLOW, LOGIN, REACTIVATE, LOGIN]] as const),
  ['/admin', [LOGIN, LOGIN, ALLOW, LOGIN, ALLOW]],
  ['/', [ALLOW, ALLOW, ALLOW, ALLOW, ALLOW]],
  ['', [ALLOW, ALLOW, ALLOW, ALLOW, ALLOW]],
  ['/account', [ALLOW, ALLOW, ALLOW, ALLOW, ALLOW]],
  ['/account/login', [ALLOW, ALLOW, ALLOW, ALLOW, ALLOW]],
  ['/account/reactivate', [ALLOW, ALLOW, ALLOW, ALLOW, ALLOW]],
  ['/no-such-page', [ALLOW, ALLOW, ALLOW, ALLOW, ALLOW]],
  ['/blog/some-post', [ALLOW, ALLOW, ALLOW, ALLOW, ALLOW]],
];

describe('guardRoute: every area for every kind of user', () => {
  for (const [path, decisions] of expectations) {
    users.forEach(([label, user], index) => {
      it(`${path || "''"} for ${label}`, () => {
        expect(guardRoute(path, user)).toEqual(decisions[index]);
      });
    });
  }

  it('covers all seven member areas', () => {
    expect([...MEMBER_AREAS]).toEqual([
      'profile',
      'payments',
      'notifications',
      'preferences',
      'matches',
      'messages',
      'match-requests',
    ]);
  });

  it('treats undefined like an anonymous visitor', () => {
    expect(guardRoute('/profile', undefined)).toEqual(LOGIN);
    expect(guardRoute('/admin', undefined)).toEqual(LOGIN);
  });

  it('treats a user with no roles as an admin', () => {
    expect(guardRoute('/matches', {})).toEqual(LOGIN);
    expect(guardRoute('/admin', { roles: null })).toEqual(ALLOW);
  });

  it('lets a member with no is_deleted flag in', () => {
    expect(guardRoute('/messages', { roles: ['General'] })).toEqual(ALLOW);
  });
});

describe('guardRoute: nested member and admin paths', () => {
  it.each([
    ['/matches/123', member, ALLOW],
    ['/matches/123', anonymous, LOGIN],
    ['/matches/123', deletedMember, REACTIVATE],
    ['/messages/room/42', admin, LOGIN],
    ['/profile/edit', deletedMember, REACTIVATE],
    ['/admin/users/7', admin, ALLOW],
    ['/admin/users/7', member, LOGIN],
    ['/admin/kyc', anonymous, LOGIN],
  ])('%s', (path, user, decision) => {
    expect(guardRoute(path, user)).toEqual(decision);
  });
});

describe('ROUTES and loginRedirect', () => {
  it('holds the route paths', () => {
    expect(ROUTES).toEqual({
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
    });
  });

  it('flags a suspension logout', () => {
    expect(LOGIN_SUSPENDED_PARAM).toBe('userSuspended');
    expect(loginRedirect({ suspended: true })).toBe('/account/login?userSuspended=true');
  });

  it('leaves other logouts unflagged', () => {
    expect(loginRedirect()).toBe('/account/login');
    expect(loginRedirect({})).toBe('/account/login');
    expect(loginRedirect({ suspended: false })).toBe('/account/login');
  });
});
