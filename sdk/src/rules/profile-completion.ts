import { PROFILE_COMPLETION_FIELD_COUNT } from '../constants';
import { PROFILE_FIELDS, type ProfileField } from '../schemas/profile-lists';

// The percentage divides by the constant, so a field added to PROFILE_FIELDS without updating
// SPEC.md's count must fail loudly at import rather than skew every member's percentage.
if (PROFILE_FIELDS.length !== PROFILE_COMPLETION_FIELD_COUNT) {
  throw new Error(
    `PROFILE_FIELDS has ${PROFILE_FIELDS.length} fields, PROFILE_COMPLETION_FIELD_COUNT is ${PROFILE_COMPLETION_FIELD_COUNT}`,
  );
}

/** Anything with (some of) the profile fields; a `User` or a `Profile` fits, extra keys are ignored. */
export type ProfileSubject = Partial<Record<ProfileField, unknown>>;

/** `false` and `0` are answers, so they count as filled; blank strings do not. */
function isFilled(value: unknown): boolean {
  return value != null && String(value).trim() !== '';
}

/** The profile fields not yet filled, in SPEC.md's order. */
export function missingProfileFields(user: ProfileSubject | null | undefined): ProfileField[] {
  if (user == null) return [...PROFILE_FIELDS];
  return PROFILE_FIELDS.filter((field) => !isFilled(user[field]));
}

/** The share of the 24 profile fields that are filled, as a whole percent (0 to 100). */
export function profileCompletion(user: ProfileSubject | null | undefined): number {
  const filled = PROFILE_COMPLETION_FIELD_COUNT - missingProfileFields(user).length;
  return Math.round((filled * 100) / PROFILE_COMPLETION_FIELD_COUNT);
}
