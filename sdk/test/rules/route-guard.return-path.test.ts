import { describe, expect, it } from 'vitest';
import type { RoleSubject } from '../../src/rules/roles';
import {
  homeRoute,
  LOGIN_NEXT_PARAM,
  landingAfterLogin,
  loginRedirect,
  safeReturnPath,
} from '../../src/rules/route-guard';

const member: RoleSubject = { roles: ['General'], is_deleted: false };
const deleted: RoleSubject = { roles: ['General'], is_deleted: true };
const admin: RoleSubject = { roles: ['Admin'], is_deleted: false };

describe('safeReturnPath', () => {
  it('keeps a same-origin path with its query and hash', () => {
    expect(safeReturnPath('/preferences/change-email?token=t1&email=a%40b.test')).toBe(
      '/preferences/change-email?token=t1&email=a%40b.test',
    );
    expect(safeReturnPath('/messages/42#latest')).toBe('/messages/42#latest');
    expect(safeReturnPath('/')).toBe('/');
    // A query may carry encoded slashes and a stray '%': only the path decides the origin.
    expect(safeReturnPath('/matches?from=https%3A%2F%2Fx.test&q=100%')).toBe(
      '/matches?from=https%3A%2F%2Fx.test&q=100%',
    );
  });

  it.each([
    ['protocol-relative', '//evil.test/x'],
    ['absolute http(s)', 'https://evil.test/'],
    ['another scheme', 'javascript:alert(1)'],
    ['relative without a slash', 'matches'],
    ['a backslash', '/\\evil.test'],
    ['a backslash only', '\\\\evil.test'],
    ['a tab the parser drops', '/\t/evil.test'],
    ['a newline', '/\n/evil.test'],
    ['leading space', ' /matches'],
    ['encoded slashes', '/%2F%2Fevil.test'],
    ['encoded slashes without a leading slash', '%2F%2Fevil.test'],
    ['an encoded backslash', '/%5Cevil.test'],
    ['double-encoded slashes', '/%252F%252Fevil.test'],
    ['encoded dot segments', '/%2e%2e/%2e%2e//evil.test'],
    ['dot segments', '/a/..//evil.test'],
    ['a malformed escape in the path', '/%E0%A4%A'],
    ['empty', ''],
    ['too long', `/${'a'.repeat(2048)}`],
  ])('refuses %s', (_what, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });
});

describe('loginRedirect with next', () => {
  it('carries a safe next, encoded, beside the suspension flag', () => {
    const target = loginRedirect({ next: '/preferences/change-email?token=t1&email=a%40b.test' });
    const url = new URL(target, 'https://app.test');
    expect(url.pathname).toBe('/account/login');
    expect(url.searchParams.get(LOGIN_NEXT_PARAM)).toBe(
      '/preferences/change-email?token=t1&email=a%40b.test',
    );
    expect(loginRedirect({ suspended: true, next: '/profile' })).toBe(
      '/account/login?userSuspended=true&next=%2Fprofile',
    );
  });

  it('leaves out a next it refuses', () => {
    expect(loginRedirect({ next: '//evil.test' })).toBe('/account/login');
    expect(loginRedirect({ next: null })).toBe('/account/login');
  });
});

describe('landingAfterLogin', () => {
  it('continues to a path the role may open', () => {
    expect(landingAfterLogin(member, '/preferences/change-email?token=t1')).toBe(
      '/preferences/change-email?token=t1',
    );
    expect(landingAfterLogin(admin, '/admin/users?q=ann')).toBe('/admin/users?q=ann');
    expect(landingAfterLogin(member, '/')).toBe('/');
  });

  it("goes to the role's home when the role may not open it", () => {
    expect(landingAfterLogin(member, '/admin/users')).toBe('/matches');
    expect(landingAfterLogin(admin, '/messages/1')).toBe('/admin');
    expect(landingAfterLogin(deleted, '/profile')).toBe('/matches');
  });

  it("goes to the role's home for a hostile or missing next", () => {
    expect(landingAfterLogin(member, 'https://evil.test/')).toBe('/matches');
    expect(landingAfterLogin(admin, '/%2F%2Fevil.test')).toBe('/admin');
    expect(landingAfterLogin(member, null)).toBe('/matches');
  });

  it('has a home for every role', () => {
    expect(homeRoute(member)).toBe('/matches');
    expect(homeRoute(admin)).toBe('/admin');
    expect(homeRoute(null)).toBe('/');
  });
});
