import { z } from 'zod';
import { boundedText, TEXT_LIMITS } from './limits';

/** The browser as a device of the member (SPEC.md section 3). */
export const deviceSchema = z.object({
  /** 'City, Country'. */
  location: boundedText(TEXT_LIMITS.text),
  type: z.literal('BROWSER'),
  active: z.boolean(),
});
export type DeviceInput = z.input<typeof deviceSchema>;
