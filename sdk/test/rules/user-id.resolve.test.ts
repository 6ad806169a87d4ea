import { describe, expect, it } from 'vitest';
import { userIdOf } from '../../src/rules/user-id';

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
