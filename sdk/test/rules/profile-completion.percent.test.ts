import { describe, expect, it } from 'vitest';
import { PROFILE_COMPLETION_FIELD_COUNT } from '../../src/constants';
import {
  missingProfileFields,
  type ProfileSubject,
  profileCompletion,
} from '../../src/rules/profile-completion';
import { PROFILE_FIELDS } from '../../src/schemas/profile-lists';

/** A user whose first `count` profile fields (in SPEC order) hold 'x'. */
function withFilled(count: number): Record<string, unknown> {
  return Object.fromEntries(PROFILE_FIELDS.slice(0, count).map((field) => [field, 'x']));
}

describe('profileCompletion', () => {
  it('counts 24 fields, as SPEC.md section 9 says', () => {
    expect(PROFILE_FIELDS).toHaveLength(24);
    expect(PROFILE_FIELDS.length).toBe(PROFILE_COMPLETION_FIELD_COUNT);
  });

  it('is 0 for a missing user or an empty profile', () => {
    expect(profileCompletion(null)).toBe(0);
    expect(profileCompletion(undefined)).toBe(0);
    expect(profileCompletion({})).toBe(0);
  });

  it('is 100 when every field is filled', () => {
    expect(profileCompletion(withFilled(24))).toBe(100);
  });

  it.each([
    [1, 4], // 4.17
    [2, 8], // 8.33
    [3, 13], // 12.5 rounds up
    [6, 25],
    [9, 38], // 37.5 rounds up
    [12, 50],
    [15, 63], // 62.5 rounds up
    [18, 75],
    [21, 88], // 87.5 rounds up
    [22, 92], // 91.67
    [23, 96], // 95.83
  ])('rounds %i of 24 filled to %i%%', (count, percent) => {
    expect(profileCompletion(withFilled(count))).toBe(percent);
  });

  it('does not count whitespace-only, empty, null or undefined values', () => {
    const user: ProfileSubject = {
      username: 'ada',
      first_name: '   ',
      last_name: '',
      email: '\t\n',
      height: null,
      sex: undefined,
    };
    expect(profileCompletion(user)).toBe(4);
  });

  it('counts false and 0 as filled answers', () => {
    expect(profileCompletion({ has_children: false, height: 0, want_children: true })).toBe(13);
  });

  it('counts a padded value as filled', () => {
    expect(profileCompletion({ about: '  hello  ' })).toBe(4);
  });

  it('ignores keys that are not profile fields', () => {
    const user = {
      roles: ['General'],
      keycloakId: 'kc-1',
      is_deleted: false,
      nickname: 'x',
      city: 'Lagos',
    };
    expect(profileCompletion(user)).toBe(4);
  });
});

describe('missingProfileFields', () => {
  it('lists every field, in SPEC order, for a missing user', () => {
    expect(missingProfileFields(null)).toEqual([...PROFILE_FIELDS]);
    expect(missingProfileFields(undefined)).toEqual([...PROFILE_FIELDS]);
  });

  it('returns a fresh array the caller may change', () => {
    const missing = missingProfileFields(null);
    missing.pop();
    expect(missingProfileFields(null)).toHaveLength(24);
  });

  it('is empty when the profile is complete', () => {
    expect(missingProfileFields(withFilled(24))).toEqual([]);
  });

  it('lists blank fields in SPEC order and leaves filled ones out', () => {
    const user = { ...withFilled(24), occupation: ' ', username: null, height: 0, has_children: false };
    expect(missingProfileFields(user)).toEqual(['username', 'occupation']);
  });

  it('agrees with the percentage', () => {
    const user = withFilled(10);
    expect(missingProfileFields(user)).toEqual(PROFILE_FIELDS.slice(10));
    expect(profileCompletion(user)).toBe(42);
  });
});
