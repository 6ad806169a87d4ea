import { z } from 'zod';

/**
 * The logged-in user (SPEC.md section 3). SPEC.md does not show field types or which fields are
 * required, so every field is optional and profile values accept the JSON scalars the backend may
 * use (a height may be a number or a string, has_children a boolean or a string).
 */

/** The 24 profile fields that profile completion counts, in SPEC.md's order. */
export const PROFILE_FIELDS = [
  'username',
  'first_name',
  'last_name',
  'email',
  'height',
  'sex',
  'date_of_birth',
  'state',
  'country',
  'city',
  'religion',
  'ethnicity',
  'marital_type',
  'body_type',
  'church_denomination',
  'about',
  'current_status',
  'drinking_status',
  'smoking_status',
  'education_level',
  'has_children',
  'want_children',
  'open_for_relocation',
  'occupation',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** A profile value as the API may send it. */
export const profileValue = z.union([z.string(), z.number(), z.boolean()]).nullable().optional();
export type ProfileValue = z.infer<typeof profileValue>;

const profileShape = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, profileValue])) as {
  [K in ProfileField]: typeof profileValue;
};

export const profileSchema = z.looseObject(profileShape);
export type Profile = z.infer<typeof profileSchema>;

export const userSchema = z.looseObject({
  ...profileShape,
  keycloakId: z.string().nullable().optional(),
  /** 'General' marks an ordinary member; anyone without it is an admin. */
  roles: z.array(z.string()).nullable().optional(),
  is_deleted: z.boolean().nullable().optional(),
});
export type User = z.infer<typeof userSchema>;
