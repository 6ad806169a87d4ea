import { z } from 'zod';
import { boundedText, TEXT_LIMITS } from './limits';

/**
 * Member settings (SPEC.md section 3). SPEC.md does not show types: the `allow_*`, `make_*` and
 * `hide_*` fields are switches; the values of `notification_interval` are not shown, so it takes
 * a string or a number. Every field is optional so a caller can send only what changed.
 */
export const settingsSchema = z.object({
  allow_newsletter: z.boolean().optional(),
  allow_unread_message_notifications: z.boolean().optional(),
  allow_new_matches_notifications: z.boolean().optional(),
  make_contact_info_visible: z.boolean().optional(),
  make_profile_visible: z.boolean().optional(),
  notification_interval: z
    .union([boundedText(TEXT_LIMITS.name), z.number()])
    .nullable()
    .optional(),
  hide_basic_info: z.boolean().optional(),
});
export type SettingsInput = z.input<typeof settingsSchema>;
export type Settings = z.infer<typeof settingsSchema>;
