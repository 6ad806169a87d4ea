import { describe, expect, it } from 'vitest';
import {
  guardRoute,
  isMemberArea,
  routeArea,
  TOP_LEVEL_ROUTES,
  topLevelRoute,
} from '../../src/rules/route-guard';

const LOGIN = { allow: false, redirect: '/account/login' };

describe('guardRoute: path normalisation', () => {
  it.each([
    '/profile',
    'profile',
    '/profile/',
    '/profile///',
    '//profile',
    '/profile?tab=photos',
    '/profile#about',
    '/profile/?x=1#y',
    '  /profile  ',
    '\\profile',
    '/account/../profile',
    '/./profile',
  ])('guards %j as the profile area', (path) => {
    expect(guardRoute(path, null)).toEqual(LOGIN);
  });

  it.each(['/Profile', '/PROFILE/', '/Match-Requests', '/ADMIN'])(
    'matches %j case-insensitively, like the router',
    (path) => {
      expect(guardRoute(path, null)).toEqual(LOGIN);
    },
  );

  it('does not confuse a look-alike segment with an area', () => {
    expect(guardRoute('/profiles', null)).toEqual({ allow: true });
    expect(guardRoute('/my-profile', null)).toEqual({ allow: true });
    expect(guardRoute('/account/profile', null)).toEqual({ allow: true });
    expect(guardRoute('/?next=/profile', null)).toEqual({ allow: true });
    expect(guardRoute('/#/admin', null)).toEqual({ allow: true });
    expect(guardRoute('/profile/..', null)).toEqual({ allow: true });
  });

  it('allows a missing path (the root)', () => {
    expect(guardRoute(null, null)).toEqual({ allow: true });
    expect(guardRoute(undefined, null)).toEqual({ allow: true });
  });
});

describe('topLevelRoute and routeArea', () => {
  it('knows the ten top-level routes of SPEC.md section 2', () => {
    expect([...TOP_LEVEL_ROUTES]).toEqual([
      '',
      'account',
      'profile',
      'payments',
      'notifications',
      'preferences',
      'matches',
      'messages',
      'match-requests',
      'admin',
    ]);
  });

  it.each([
    ['/', '', 'public'],
    ['', '', 'public'],
    ['/?ref=ad', '', 'public'],
    ['/account/login?userSuspended=true', 'account', 'account'],
    ['/account', 'account', 'account'],
    ['/matches/123', 'matches', 'member'],
    ['/match-requests', 'match-requests', 'member'],
    ['/Messages/', 'messages', 'member'],
    ['/admin/users', 'admin', 'admin'],
    ['/blog', null, 'not-found'],
    ['/blog/post', null, 'not-found'],
    ['/does/not/exist', null, 'not-found'],
    ['/administrator', null, 'not-found'],
  ])('%j is %j, %s', (path, route, area) => {
    expect(topLevelRoute(path)).toBe(route);
    expect(routeArea(path)).toBe(area);
  });

  it('recognises member areas by segment', () => {
    expect(isMemberArea('matches')).toBe(true);
    expect(isMemberArea('admin')).toBe(false);
    expect(isMemberArea('account')).toBe(false);
    expect(isMemberArea('')).toBe(false);
  });
});
