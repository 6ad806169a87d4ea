import * as z from 'zod/mini';
import { timestamp } from './common';
import { PROFILE_CHOICES, PROFILE_FIELDS, type ProfileChoiceField, type ProfileField } from './profile-lists';
import { booleanValue, dateValue, knownValue, numberValue, scalarValue } from './tolerant';

/**
 * Users and profiles (SPEC.md section 3). Every profile value is optional and nullable. The
 * document and the pacts state the known values of each choice field and the type of each typed
 * field; at run time the SDK still accepts a value it does not know and reports it once through
 * `onError` as a contract warning (`tolerant.ts`), so one new backend value never stops a login.
 */

/** Free-text profile fields: any scalar, as the API may send it. */
export const profileValue = z.optional(z.nullable(z.union([z.string(), z.number(), z.boolean()])));
export type ProfileValue = z.infer<typeof profileValue>;

/**
 * An answer's value of one profile field: typed where the contract types it, tolerant always (a
 * value of another JSON type, an array or an object, is read as null rather than failing).
 */
function profileAnswer(field: ProfileField) {
  if (field === 'height') return z.optional(z.nullable(numberValue(field)));
  if (field === 'has_children' || field === 'open_for_relocation')
    return z.optional(z.nullable(booleanValue(field)));
  if (field === 'date_of_birth') return z.optional(z.nullable(dateValue(field)));
  if (field in PROFILE_CHOICES) {
    const choice = field as ProfileChoiceField;
    return z.optional(z.nullable(knownValue(choice, PROFILE_CHOICES[choice])));
  }
  return z.optional(z.nullable(scalarValue(field)));
}

type ProfileAnswerShape = {
  [F in ProfileField]: F extends ProfileChoiceField
    ? ReturnType<typeof knownValue<(typeof PROFILE_CHOICES)[F]>>
    : F extends 'height'
      ? ReturnType<typeof numberValue>
      : F extends 'has_children' | 'open_for_relocation'
        ? ReturnType<typeof booleanValue>
        : F extends 'date_of_birth'
          ? ReturnType<typeof dateValue>
          : ReturnType<typeof scalarValue>;
};

const profileShape = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, profileAnswer(field)])) as {
  [F in ProfileField]: z.ZodMiniOptional<z.ZodMiniNullable<ProfileAnswerShape[F]>>;
};

export const profileSchema = z.looseObject(profileShape);
export type Profile = z.infer<typeof profileSchema>;

/** Account states (SPEC.md section 4); `is_deleted` marks a deleted account separately. */
export const accountStatusSchema = z.enum(['active', 'deactivated', 'archived', 'suspended']);
export type AccountStatus = z.infer<typeof accountStatusSchema>;

/** The logged-in user's account state, tolerant: a new state never stops a login (noted, kept as sent). */
const userStatus = knownValue('status', accountStatusSchema.options);

/** A role name; 'General' marks an ordinary member, anyone without it is an admin. */
export const roleSchema = z.string().check(z.minLength(1));

/**
 * Who a member is to everyone: the id and the names a list or a chat shows are required, the
 * other profile fields optional.
 */
const identityShape = {
  ...profileShape,
  keycloakId: z.string().check(z.minLength(1)),
  username: z.string().check(z.minLength(1)),
  first_name: z.nullable(z.string()),
  last_name: z.nullable(z.string()),
};

/**
 * The logged-in user (user info). SPEC.md names keycloakId, roles and is_deleted, which the
 * client routes on, and the 24 profile fields; the rest is the provider's proposal.
 */
export const userSchema = z.looseObject({
  ...identityShape,
  /** SPEC.md loads the subscription only "for a user with a keycloakId": some users have none. */
  keycloakId: z.optional(z.nullable(z.string().check(z.minLength(1)))),
  /** The same value as keycloakId where the backend sends it. */
  id: z.optional(z.string()),
  email: z.string().check(z.minLength(1)),
  roles: z.array(roleSchema),
  is_deleted: z.boolean(),
  status: z.optional(userStatus),
  confirmed: z.optional(z.boolean()),
  country_code: z.optional(z.nullable(z.string())),
  latitude: z.optional(z.nullable(z.number())),
  longitude: z.optional(z.nullable(z.number())),
  referrer: z.optional(z.nullable(z.string())),
  provider: z.optional(z.string()),
  profilePhoto: z.optional(z.nullable(z.string())),
  online: z.optional(z.boolean()),
  created_at: z.optional(timestamp),
  updated_at: z.optional(timestamp),
  last_login_at: z.optional(z.nullable(timestamp)),
});
export type User = z.infer<typeof userSchema>;

/** What other members see of a member: no roles, no exact coordinates, email hidden (null). */
export const publicProfileSchema = z.looseObject({
  ...identityShape,
  id: z.optional(z.string()),
  email: z.optional(z.nullable(z.string())),
  country_code: z.optional(z.nullable(z.string())),
  profilePhoto: z.optional(z.nullable(z.string())),
  online: z.optional(z.boolean()),
  is_deleted: z.optional(z.boolean()),
  created_at: z.optional(timestamp),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;
