import { z } from 'zod';
import { boundedText, TEXT_LIMITS } from './limits';

/**
 * Feature switches (SPEC.md sections 3 and 7). SPEC.md names only `code` and `subfeatures`; the
 * on/off flag and any other field are kept as sent.
 */
export const subfeatureSchema = z.looseObject({
  code: z.string().optional(),
});
export type Subfeature = z.infer<typeof subfeatureSchema>;

export const featureSchema = z.looseObject({
  code: z.string().optional(),
  subfeatures: z.array(subfeatureSchema).nullable().optional(),
});
export type Feature = z.infer<typeof featureSchema>;

/** Answer of `GET /features`: SPEC.md shows `{features}`. */
export const featureListSchema = z.looseObject({
  features: z.array(featureSchema),
});
export type FeatureList = z.infer<typeof featureListSchema>;

export const featureCodeParamsSchema = z.object({ code: boundedText(TEXT_LIMITS.name).min(1) });

/**
 * Body of `PUT /{code}/subfeature/toggle`. The path names the parent feature; SPEC.md does not
 * say how the subfeature is named, so the SDK sends its code as `subfeature`.
 */
export const subfeatureToggleSchema = z.object({
  subfeature: boundedText(TEXT_LIMITS.name).min(1),
});
export type SubfeatureToggle = z.input<typeof subfeatureToggleSchema>;
