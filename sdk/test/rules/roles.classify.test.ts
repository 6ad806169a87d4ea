import { describe, expect, it } from 'vitest';
import { isAdmin, isDeleted, isMember, MEMBER_ROLE } from '../../src/rules/roles';

describe('isMember and isAdmin', () => {
  it("uses 'General' as the member role", () => {
    expect(MEMBER_ROLE).toBe('General');
  });

  it.each([
    ['roles include General', { roles: ['General'] }, true, false],
    ['General among other roles', { roles: ['Editor', 'General'] }, true, false],
    ['other roles only', { roles: ['Admin'] }, false, true],
    ['empty roles', { roles: [] }, false, true],
    ['null roles', { roles: null }, false, true],
    ['no roles key', {}, false, true],
    ['a different case of General', { roles: ['general'] }, false, true],
  ])('%s', (_label, user, member, admin) => {
    expect(isMember(user)).toBe(member);
    expect(isAdmin(user)).toBe(admin);
  });

  it('treats an anonymous visitor as neither', () => {
    expect(isMember(null)).toBe(false);
    expect(isAdmin(null)).toBe(false);
    expect(isMember(undefined)).toBe(false);
    expect(isAdmin(undefined)).toBe(false);
  });
});

describe('isDeleted', () => {
  it.each([
    [{ is_deleted: true }, true],
    [{ is_deleted: false }, false],
    [{ is_deleted: null }, false],
    [{}, false],
    [null, false],
    [undefined, false],
  ])('%j is %s', (user, deleted) => {
    expect(isDeleted(user)).toBe(deleted);
  });
});
