import * as z from 'zod/mini';
import { boundedText, TEXT_LIMITS } from './limits';

/**
 * Member settings (SPEC.md section 3). SPEC.md does not show types: the `allow_*`, `make_*` and
 * `hide_*` fields are switches; the values of `notification_interval` are not shown, so it takes
 * a string or a number. Every field is optional so a caller can send only what changed.
 */
export const settingsSchema = z.object({
  allow_newsletter: z.optional(z.boolean()),
  allow_unread_message_notifications: z.optional(z.boolean()),
  allow_new_matches_notifications: z.optional(z.boolean()),
  make_contact_info_visible: z.optional(z.boolean()),
  make_profile_visible: z.optional(z.boolean()),
  notification_interval: z.optional(z.nullable(z.union([boundedText(TEXT_LIMITS.name), z.number()]))),
  hide_basic_info: z.optional(z.boolean()),
});
export type SettingsInput = z.input<typeof settingsSchema>;
export type Settings = z.infer<typeof settingsSchema>;

/**
 * The stored settings as the settings calls answer them: every switch is there (defaults for a
 * member who never saved any), so a settings form can be filled from the answer alone.
 */
export const settingsAnswerSchema = z.looseObject({
  allow_newsletter: z.boolean(),
  allow_unread_message_notifications: z.boolean(),
  allow_new_matches_notifications: z.boolean(),
  make_contact_info_visible: z.boolean(),
  make_profile_visible: z.boolean(),
  notification_interval: z.nullable(z.union([z.string(), z.number()])),
  hide_basic_info: z.boolean(),
  user_id: z.optional(z.string()),
  /** False while the member still reads the defaults. */
  created: z.optional(z.boolean()),
});
export type SettingsAnswer = z.infer<typeof settingsAnswerSchema>;
