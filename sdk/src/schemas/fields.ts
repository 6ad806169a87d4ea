import * as z from 'zod/mini';
import { boundedText, TEXT_LIMITS } from './limits';
import { PROFILE_CHOICES, PROFILE_FIELDS, type ProfileChoiceField, type ProfileField } from './profile-lists';

/**
 * Rules of single request fields that several calls share. Each is stated once, as a zod schema,
 * so the SDK refuses a bad value before sending, the OpenAPI document shows the rule (pattern,
 * minLength, enum, const) and the sandbox, which validates requests with these same schemas,
 * answers the same field error with the same path.
 */

/** Letters, digits, dots, dashes and underscores, 3 to 30 of them. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,30}$/;
const USERNAME_RULE = 'Username must be 3 to 30 letters, digits, dots, dashes or underscores';

/**
 * A username as registration, social sign-in completion and the username change take it. The
 * pattern holds the length too, so a bad name gets one message; the lengths are listed for readers.
 */
export const usernameField = z
  .string()
  .check(z.regex(USERNAME_PATTERN, { error: USERNAME_RULE }), z.meta({ minLength: 3, maxLength: 30 }));

/** Something before and after one `@`, a dot in the domain, no spaces: a typo check, not RFC 5322. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An email address that becomes an account's (registration, email changes, staff-created accounts). */
export const emailField = boundedText(TEXT_LIMITS.email).check(
  z.regex(EMAIL_PATTERN, {
    error: 'Invalid email address',
  }),
);

export const MIN_PASSWORD_LENGTH = 8;

/** A password being set (registration, reset, change); the one given to log in is only bounded. */
export const newPasswordField = boundedText(TEXT_LIMITS.password).check(
  z.minLength(MIN_PASSWORD_LENGTH, {
    error: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  }),
);

/** `agreed_to_terms` of a registration: the member must agree, so only `true` is accepted. */
export const agreedToTermsField = z.boolean().check(
  z.refine((agreed) => agreed, { error: 'You must agree to the terms' }),
  // A refinement has no JSON Schema; the document states the rule as the one value allowed.
  z.meta({ const: true }),
);

/** An empty string clears a profile field, as null does. */
const cleared = z.literal('');

/** A birth date as a date input gives it: `1990-04-21`. */
export const birthDateField = z.iso.date({ error: 'Must be a date as YYYY-MM-DD' });

/**
 * A choice field's value: one of the SDK's values, or empty. Typed as text, which is what a form
 * holds; the values are checked at run time and listed in the document.
 */
export function choiceField<F extends ProfileChoiceField>(field: F) {
  const values: readonly string[] = PROFILE_CHOICES[field];
  return z.string().check(
    z.refine((value) => value === '' || values.includes(value), {
      error: `Must be one of ${values.join(', ')}`,
    }),
    z.meta({ enum: [...values, ''] }),
  );
}

/**
 * A profile field as a request sets it (a profile edit, social sign-in completion). Choice fields
 * take their known values, typed fields their type, so what a backend stores is what the answers'
 * schemas document; an empty string or null clears a field. Answers stay tolerant (`user.ts`).
 */
function profileInput(field: ProfileField): z.ZodMiniType {
  if (field in PROFILE_CHOICES) return z.nullable(choiceField(field as ProfileChoiceField));
  switch (field) {
    case 'username':
      return usernameField;
    case 'email':
      return emailField;
    case 'height':
      return z.nullable(z.union([z.number().check(z.positive()), cleared]));
    case 'has_children':
    case 'open_for_relocation':
      return z.nullable(z.union([z.boolean(), cleared]));
    case 'date_of_birth':
      return z.nullable(z.union([birthDateField, cleared]));
    default:
      return z.nullable(boundedText(TEXT_LIMITS.text));
  }
}

type ProfileInputValue<F extends ProfileField> = F extends 'height'
  ? number | '' | null
  : F extends 'has_children' | 'open_for_relocation'
    ? boolean | '' | null
    : F extends 'username' | 'email'
      ? string
      : string | null;

/** The 24 profile fields as a request sets them, each optional. */
export const profileInputShape = Object.fromEntries(
  PROFILE_FIELDS.map((field) => [field, z.optional(profileInput(field))]),
) as {
  [F in ProfileField]: z.ZodMiniOptional<z.ZodMiniType<ProfileInputValue<F>, ProfileInputValue<F>>>;
};
