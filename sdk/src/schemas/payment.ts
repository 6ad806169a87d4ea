import { z } from 'zod';
import { id } from './common';
import { boundedText, TEXT_LIMITS } from './limits';

/**
 * Plans, offers and subscriptions (SPEC.md sections 3 and 7). SPEC.md names `id`, `archived` and
 * `offers` (each with `id` and a flag `offer`) without types; prices, durations and subscription
 * statuses are not shown, so they are kept as sent.
 */
export const offerSchema = z.looseObject({
  id: id.optional(),
  /** Whether the entry is a (promotional) offer; SPEC.md gives only the flag's name. */
  offer: z.boolean().nullable().optional(),
});
export type Offer = z.infer<typeof offerSchema>;

export const planSchema = z.looseObject({
  id: id.optional(),
  archived: z.boolean().nullable().optional(),
  offers: z.array(offerSchema).nullable().optional(),
});
export type Plan = z.infer<typeof planSchema>;

/** `?extrapolate=`: what extrapolation does is not shown in SPEC.md; the value is sent as given. */
export const planListQuerySchema = z.object({ extrapolate: z.boolean() });
export type PlanListInput = z.input<typeof planListQuerySchema>;

/** `?archived=false`: the offers call only ever asks for live offers. */
export const offerListQuerySchema = z.object({ archived: z.literal(false) });

export const subscriptionParamsSchema = z.object({ userId: boundedText(TEXT_LIMITS.name).min(1) });
