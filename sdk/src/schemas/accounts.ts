import * as z from 'zod/mini';
import { id, messageAnswerSchema } from './common';
import {
  agreedToTermsField,
  birthDateField,
  choiceField,
  emailField,
  newPasswordField,
  profileInputShape,
  usernameField,
} from './fields';
import { imageSchema } from './image';
import { boundedBody, boundedList, boundedText, TEXT_LIMITS } from './limits';
import { accountStatusSchema, publicProfileSchema, userSchema } from './user';

/**
 * Request bodies and answers of the accounts calls (SPEC.md sections 3 and 7). SPEC.md does not
 * show field types or which fields are required: a request requires every field SPEC.md lists for
 * that payload (the payload is meaningless without it) and nothing else; answers are lenient.
 */

/** Registration payload. `referrer` (a referral code or username) is only there when the member was referred. */
export const registerSchema = z.object({
  first_name: boundedText(TEXT_LIMITS.name),
  last_name: boundedText(TEXT_LIMITS.name),
  username: usernameField,
  /** As the date input gives it, such as '1990-04-21'. */
  date_of_birth: birthDateField,
  sex: choiceField('sex'),
  email: emailField,
  password: newPasswordField,
  agreed_to_terms: agreedToTermsField,
  referrer: z.optional(z.nullable(boundedText(TEXT_LIMITS.name))),
});
export type RegisterInput = z.input<typeof registerSchema>;

/**
 * Completes an account created through social sign-in, and is the member's own profile edit (the
 * contract has no other member call for it). SPEC.md does not show the payload; it is taken to be
 * the registration fields the identity provider does not supply and the profile fields, all
 * optional, with the same rules as where else they are set, and open to further fields.
 */
export const oauthUpdateSchema = boundedBody(
  z.looseObject({
    ...profileInputShape,
    first_name: z.optional(boundedText(TEXT_LIMITS.name)),
    last_name: z.optional(boundedText(TEXT_LIMITS.name)),
    agreed_to_terms: z.optional(z.boolean()),
    referrer: z.optional(z.nullable(boundedText(TEXT_LIMITS.name))),
  }),
);
export type OauthUpdateInput = z.input<typeof oauthUpdateSchema>;

/**
 * Checks a username (availability) before registration or a username change. Any text may be
 * asked about: one the rules refuse is answered `available: false`, not refused.
 */
export const usernameSchema = z.object({ username: boundedText(TEXT_LIMITS.name) });
export type UsernameInput = z.input<typeof usernameSchema>;

/** Starts a username change: the new name follows the username rules. */
export const newUsernameSchema = z.object({ username: usernameField });
export type NewUsernameInput = z.input<typeof newUsernameSchema>;

/** Users named by id, for the bulk profile and bulk status calls. */
export const bulkUsersSchema = boundedBody(z.object({ users: boundedList(id) }));
export type BulkUsersInput = z.input<typeof bulkUsersSchema>;

/** `{profiles}` as SPEC.md shows it: the public profiles of the users that exist. */
export const bulkProfilesResponseSchema = z.looseObject({ profiles: z.array(publicProfileSchema) });
export type BulkProfilesResponse = z.infer<typeof bulkProfilesResponseSchema>;

/** `{status: [{user, online}]}` as SPEC.md shows it; `user` is the id that was asked about. */
export const bulkStatusResponseSchema = z.looseObject({
  status: z.array(z.looseObject({ user: id, online: z.boolean() })),
});
export type BulkStatusResponse = z.infer<typeof bulkStatusResponseSchema>;

export const emailSchema = z.object({ email: boundedText(TEXT_LIMITS.email) });
export type EmailInput = z.input<typeof emailSchema>;

export const resetPasswordSchema = z.object({
  email: boundedText(TEXT_LIMITS.email),
  token: boundedText(TEXT_LIMITS.token),
  new_password: newPasswordField,
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const confirmSchema = z.object({ token: boundedText(TEXT_LIMITS.token) });
export type ConfirmInput = z.input<typeof confirmSchema>;

export const changePasswordSchema = z.object({
  old_password: boundedText(TEXT_LIMITS.password),
  new_password: newPasswordField,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const initiateEmailChangeSchema = z.object({
  new_email: emailField,
  password: boundedText(TEXT_LIMITS.password),
});
export type InitiateEmailChangeInput = z.input<typeof initiateEmailChangeSchema>;

export const changeEmailSchema = z.object({
  new_email: emailField,
  token: boundedText(TEXT_LIMITS.token),
});
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;

export const changeUsernameSchema = z.object({
  username: usernameField,
  token: boundedText(TEXT_LIMITS.token),
});
export type ChangeUsernameInput = z.input<typeof changeUsernameSchema>;

/** Location update; `country` is the country name, `country_code` its two-letter code. */
export const locationUpdateSchema = z.object({
  city: boundedText(TEXT_LIMITS.name),
  country: boundedText(TEXT_LIMITS.name),
  country_code: boundedText(TEXT_LIMITS.name),
  longitude: z.number(),
  latitude: z.number(),
});
export type LocationUpdateInput = z.input<typeof locationUpdateSchema>;
export type LocationUpdate = z.infer<typeof locationUpdateSchema>;

/* Answers. SPEC.md shows only `{profiles}` and `{status}`; the others are the reference provider's
 * answers, proposed as the contract: every write acknowledges with a `message`, and carries the
 * record it changed where a client updates its view from it. */

/** Registration and social-sign-in completion: the account as it now is. */
export const accountAnswerSchema = z.extend(messageAnswerSchema, { user: userSchema });
export type AccountAnswer = z.infer<typeof accountAnswerSchema>;

/** Username check: `available` is what the form branches on. */
export const usernameCheckSchema = z.looseObject({
  username: z.string(),
  available: z.boolean(),
  message: z.optional(z.string()),
});
export type UsernameCheck = z.infer<typeof usernameCheckSchema>;

/** A public profile with the member's public images. */
export const publicProfileAnswerSchema = z.extend(publicProfileSchema, {
  images: z.optional(z.array(imageSchema)),
});
export type PublicProfileAnswer = z.infer<typeof publicProfileAnswerSchema>;

export const confirmAnswerSchema = z.extend(messageAnswerSchema, { confirmed: z.optional(z.boolean()) });
export const emailChangedSchema = z.extend(messageAnswerSchema, { email: z.optional(z.string()) });
export const usernameChangedSchema = z.extend(messageAnswerSchema, { username: z.optional(z.string()) });
export const deletionAnswerSchema = z.extend(messageAnswerSchema, { is_deleted: z.optional(z.boolean()) });

/** Deactivation and reactivation: the account's state afterwards. */
export const accountStateAnswerSchema = z.extend(messageAnswerSchema, {
  status: z.optional(accountStatusSchema),
  is_deleted: z.optional(z.boolean()),
});
export type AccountStateAnswer = z.infer<typeof accountStateAnswerSchema>;

/** The stored location echoed back. */
export const locationAnswerSchema = z.extend(messageAnswerSchema, z.partial(locationUpdateSchema).shape);
export type LocationAnswer = z.infer<typeof locationAnswerSchema>;
