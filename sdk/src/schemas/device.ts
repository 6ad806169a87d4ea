import * as z from 'zod/mini';
import { id, timestamp } from './common';
import { boundedText, TEXT_LIMITS } from './limits';

/** The browser as a device of the member (SPEC.md section 3). */
export const deviceSchema = z.object({
  /** 'City, Country'. */
  location: boundedText(TEXT_LIMITS.text),
  type: z.literal('BROWSER'),
  active: z.boolean(),
});
export type DeviceInput = z.input<typeof deviceSchema>;

/** The registered device; registering the same browser again updates it. */
export const deviceAnswerSchema = z.looseObject({
  id,
  location: z.string(),
  /** 'BROWSER' for the web app; other clients may register other kinds. */
  type: z.string().check(z.minLength(1)),
  active: z.boolean(),
  user_id: z.optional(z.string()),
  created_at: timestamp,
  updated_at: z.optional(timestamp),
});
export type Device = z.infer<typeof deviceAnswerSchema>;
