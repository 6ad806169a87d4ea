import { describe, expect, it } from 'vitest';
import { isOwnAccount, userIdOf } from '../../src/rules/user-id';

describe('userIdOf', () => {
  it.each([
    ['the keycloakId when there is one', { keycloakId: 'kc-1', id: 'db-1' }, 'kc-1'],
    ['the id when keycloakId is missing', { id: 'db-1' }, 'db-1'],
    ['the id when keycloakId is null', { keycloakId: null, id: 'db-1' }, 'db-1'],
    ['the id when keycloakId is blank', { keycloakId: '', id: 'db-1' }, 'db-1'],
    ['a numeric id as its decimal string', { id: 42 }, '42'],
    ['the id 0, which is an id', { id: 0 }, '0'],
    ['null when both are missing', {}, null],
    ['null when both are blank', { keycloakId: '', id: '' }, null],
    ['null for a non-finite numeric id', { id: Number.NaN }, null],
  ])('answers %s', (_label, user, expected) => {
    expect(userIdOf(user)).toBe(expected);
  });

  it('answers null for no user', () => {
    expect(userIdOf(null)).toBeNull();
    expect(userIdOf(undefined)).toBeNull();
  });
});

describe('isOwnAccount', () => {
  const admin = { keycloakId: 'kc-admin', id: 7 };
  it.each([
    ['the same keycloakId', { keycloakId: 'kc-admin', id: 99 }, true],
    ['a row carrying only the id the caller is known by', { id: 'kc-admin' }, true],
    ['another user', { keycloakId: 'kc-member', id: 8 }, false],
    [
      "another user whose backend id is the caller's backend id as text",
      { keycloakId: 'kc-x', id: '7' },
      false,
    ],
    ['a user with no id at all', {}, false],
    ['a blank keycloakId, which names no one', { keycloakId: '' }, false],
  ])('answers for %s', (_label, target, expected) => {
    expect(isOwnAccount(admin, target)).toBe(expected);
  });

  it('matches a caller without a keycloakId by their backend id', () => {
    expect(isOwnAccount({ id: 42 }, { id: '42' })).toBe(true);
    expect(isOwnAccount({ id: 42 }, { keycloakId: 'kc-42' })).toBe(false);
  });

  it('answers false when either side is missing', () => {
    expect(isOwnAccount(null, admin)).toBe(false);
    expect(isOwnAccount(admin, undefined)).toBe(false);
    expect(isOwnAccount({}, {})).toBe(false);
  });
});
