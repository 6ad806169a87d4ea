import { z } from 'zod';

/** The browser as a device of the member (SPEC.md section 3). */
export const deviceSchema = z.object({
  /** 'City, Country'. */
  location: z.string(),
  type: z.literal('BROWSER'),
  active: z.boolean(),
});
export type DeviceInput = z.input<typeof deviceSchema>;
