import * as z from 'zod';
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
export const profileValue = z.union([z.string(), z.number(), z.boolean()]).nullable().optional();
export type ProfileValue = z.infer<typeof profileValue>;

/**
 * An answer's value of one profile field: typed where the contract types it, tolerant always (a
 * value of another JSON type, an array or an object, is read as null rather than failing).
 */
function profileAnswer(field: ProfileField) {
  if (field === 'height') return numberValue(field).nullable().optional();
  if (field === 'has_children' || field === 'open_for_relocation')
    return booleanValue(field).nullable().optional();
  if (field === 'date_of_birth') return dateValue(field).nullable().optional();
  if (field in PROFILE_CHOICES) {
    const choice = field as ProfileChoiceField;
    return knownValue(choice, PROFILE_CHOICES[choice]).nullable().optional();
  }
  return scalarValue(field).nullable().optional();
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
  [F in ProfileField]: z.ZodOptional<z.ZodNullable<ProfileAnswerShape[F]>>;
};

export const profileSchema = z.looseObject(profileShape);
export type Profile = z.infer<typeof profileSchema>;

/** Account states (SPEC.md section 4); `is_deleted` marks a deleted account separately. */
export const accountStatusSchema = z.enum(['active', 'deactivated', 'archived', 'suspended']);
export type AccountStatus = z.infer<typeof accountStatusSchema>;

/** The logged-in user's account state, tolerant: a new state never stops a login (noted, kept as sent). */
const userStatus = knownValue('status', accountStatusSchema.options);

/** A role name; 'General' marks an ordinary member, anyone without it is an admin. */
export const roleSchema = z.string().min(1);

/**
 * Who a member is to everyone: the id and the names a list or a chat shows are required, the
 * other profile fields optional.
 */
const identityShape = {
  ...profileShape,
  keycloakId: z.string().min(1),
  username: z.string().min(1),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
};

/**
 * The logged-in user (user info). SPEC.md names keycloakId, roles and is_deleted, which the
 * client routes on, and the 24 profile fields; the rest is the provider's proposal.
 */
export const userSchema = z.looseObject({
  ...identityShape,
  /** SPEC.md loads the subscription only "for a user with a keycloakId": some users have none. */
  keycloakId: z.string().min(1).nullable().optional(),
  /** The same value as keycloakId where the backend sends it. */
  id: z.string().optional(),
  email: z.string().min(1),
  roles: z.array(roleSchema),
  is_deleted: z.boolean(),
  status: userStatus.optional(),
  confirmed: z.boolean().optional(),
  country_code: z.string().nullable().optional(),
  latitude: z.number().nullable().optional(),
  longitude: z.number().nullable().optional(),
  referrer: z.string().nullable().optional(),
  provider: z.string().optional(),
  profilePhoto: z.string().nullable().optional(),
  online: z.boolean().optional(),
  created_at: timestamp.optional(),
  updated_at: timestamp.optional(),
  last_login_at: timestamp.nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

/** What other members see of a member: no roles, no exact coordinates, email hidden (null). */
export const publicProfileSchema = z.looseObject({
  ...identityShape,
  id: z.string().optional(),
  email: z.string().nullable().optional(),
  country_code: z.string().nullable().optional(),
  profilePhoto: z.string().nullable().optional(),
  online: z.boolean().optional(),
  is_deleted: z.boolean().optional(),
  created_at: timestamp.optional(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;
