import * as z from 'zod/mini';
import { messageAnswerSchema, timestamp } from './common';
import { boundedText, TEXT_LIMITS } from './limits';

/**
 * Feature switches (SPEC.md sections 3 and 7). SPEC.md names `code` and `subfeatures`; the on/off
 * flag `enabled` is the reference provider's, proposed as the contract (clients branch on it).
 */
export const subfeatureSchema = z.looseObject({
  code: z.string().check(z.minLength(1)),
  name: z.optional(z.string()),
  enabled: z.boolean(),
});
export type Subfeature = z.infer<typeof subfeatureSchema>;

export const featureSchema = z.looseObject({
  code: z.string().check(z.minLength(1)),
  name: z.optional(z.string()),
  description: z.optional(z.string()),
  enabled: z.boolean(),
  subfeatures: z.array(subfeatureSchema),
  updated_at: z.optional(timestamp),
});
export type Feature = z.infer<typeof featureSchema>;

/** Answer of `GET /features`: SPEC.md shows `{features}`. */
export const featureListSchema = z.looseObject({
  features: z.array(featureSchema),
});
export type FeatureList = z.infer<typeof featureListSchema>;

export const featureCodeParamsSchema = z.object({
  code: boundedText(TEXT_LIMITS.name).check(z.minLength(1)),
});

/**
 * Body of `PUT /{code}/subfeature/toggle`. The path names the parent feature; SPEC.md does not
 * say how the subfeature is named, so the SDK sends its code as `subfeature`.
 */
export const subfeatureToggleSchema = z.object({
  subfeature: boundedText(TEXT_LIMITS.name).check(z.minLength(1)),
});
export type SubfeatureToggle = z.input<typeof subfeatureToggleSchema>;

/** `PUT /{code}/toggle`: the feature after the switch. */
export const featureToggledSchema = z.extend(messageAnswerSchema, { feature: featureSchema });
export type FeatureToggled = z.infer<typeof featureToggledSchema>;

/** `PUT /{code}/subfeature/toggle`: the parent feature and the subfeature after the switch. */
export const subfeatureToggledSchema = z.extend(featureToggledSchema, { subfeature: subfeatureSchema });
export type SubfeatureToggled = z.infer<typeof subfeatureToggledSchema>;
