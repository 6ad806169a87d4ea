/**
 * The profile's lists, with no zod in them: the fields and the values of the choice fields. A form
 * that offers the choices (the registration form's "I am") or a rule that counts the fields
 * (profile completion) imports them without building a single schema: on a phone, zod and the
 * user schemas are a tenth of a second of the main thread.
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

/**
 * The values the provider stores for the profile fields that take one of a fixed set (SPEC.md
 * section 3; `religion` takes one of RELIGIONS_WITH_PAGES). Forms offer these, in this order; the
 * profile schema still accepts any string, so a value stored before a list changed is kept.
 */
export const PROFILE_CHOICES = {
  sex: ['female', 'male'],
  body_type: ['slim', 'athletic', 'average', 'curvy', 'muscular', 'full_figured'],
  education_level: ['high_school', 'vocational', 'associate', 'bachelors', 'masters', 'doctorate'],
  current_status: ['employed', 'self_employed', 'student', 'between_jobs', 'retired'],
  drinking_status: ['never', 'occasionally', 'socially', 'regularly'],
  smoking_status: ['never', 'occasionally', 'regularly', 'trying_to_quit'],
  marital_type: ['never_married', 'divorced', 'widowed', 'separated', 'annulled'],
  want_children: ['yes', 'no', 'maybe', 'open_to_it'],
} as const satisfies Partial<Record<ProfileField, readonly string[]>>;
/** A profile field with a fixed set of values. */
export type ProfileChoiceField = keyof typeof PROFILE_CHOICES;
/** One of the values of such a field, e.g. `ProfileChoice<'body_type'>`. */
export type ProfileChoice<F extends ProfileChoiceField> = (typeof PROFILE_CHOICES)[F][number];
