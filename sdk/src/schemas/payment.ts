import * as z from 'zod';
import { id, timestamp } from './common';
import { boundedText, TEXT_LIMITS } from './limits';

/**
 * Plans, offers and subscriptions (SPEC.md sections 3 and 7). SPEC.md names `id`, `archived` and
 * `offers` (each with `id` and a flag `offer`); prices, periods and subscription statuses are the
 * reference provider's, proposed as the contract.
 */
export const offerSchema = z.looseObject({
  id,
  /** Whether the entry is a (promotional) offer. */
  offer: z.boolean(),
  name: z.string().optional(),
  price: z.number().nonnegative(),
  discount_percent: z.number().optional(),
  archived: z.boolean().optional(),
  starts_at: timestamp.optional(),
  ends_at: timestamp.optional(),
  plan_id: id.optional(),
});
export type Offer = z.infer<typeof offerSchema>;

export const planSchema = z.looseObject({
  id,
  name: z.string(),
  description: z.string().optional(),
  price: z.number().nonnegative(),
  /** ISO 4217 code, such as USD. */
  currency: z.string().regex(/^[A-Z]{3}$/),
  interval: z.enum(['month', 'quarter', 'year']).optional(),
  duration_days: z.number().int().positive().optional(),
  archived: z.boolean(),
  features: z.array(z.string()).optional(),
  offers: z.array(offerSchema),
  created_at: timestamp.optional(),
  /** The extrapolated prices (`?extrapolate=true` and the plan detail). */
  monthly_price: z.number().optional(),
  daily_price: z.number().optional(),
  /** The lowest live offer's price, or null without one. */
  offer_price: z.number().nullable().optional(),
  /** Where the member pays for the plan. */
  checkout_url: z.string().optional(),
});
export type Plan = z.infer<typeof planSchema>;

export const planListSchema = z.looseObject({ plans: z.array(planSchema) });
export type PlanList = z.infer<typeof planListSchema>;

/** An offer with the plan it belongs to (`GET /plans/offer`). */
export const planOfferSchema = offerSchema.extend({
  plan_id: id,
  plan_name: z.string().optional(),
  plan_price: z.number().optional(),
  currency: z.string().optional(),
});
export type PlanOffer = z.infer<typeof planOfferSchema>;

export const offerListSchema = z.looseObject({ offers: z.array(planOfferSchema) });
export type OfferList = z.infer<typeof offerListSchema>;

export const subscriptionStatusSchema = z.enum(['ACTIVE', 'EXPIRED', 'CANCELLED', 'PENDING']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/**
 * `GET /subscriptions/{userId}`: the subscription that counts (the active one, else the latest).
 * A member who never subscribed gets `status: 'NONE'` and nulls, not a 404.
 */
export const subscriptionSchema = z.looseObject({
  id: id.nullable(),
  user_id: id,
  status: z.union([subscriptionStatusSchema, z.literal('NONE')]),
  /** What the client gates paid features on. */
  active: z.boolean(),
  plan_id: id.nullable(),
  offer_id: id.nullable().optional(),
  amount: z.number().nullable().optional(),
  currency: z.string().nullable().optional(),
  started_at: timestamp.nullable(),
  expires_at: timestamp.nullable(),
  plan: planSchema.nullable().optional(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** `?extrapolate=`: what extrapolation does is not shown in SPEC.md; the value is sent as given. */
export const planListQuerySchema = z.object({ extrapolate: z.boolean() });
export type PlanListInput = z.input<typeof planListQuerySchema>;

/** `?archived=false`: the offers call only ever asks for live offers. */
export const offerListQuerySchema = z.object({ archived: z.literal(false) });

export const subscriptionParamsSchema = z.object({ userId: boundedText(TEXT_LIMITS.name).min(1) });
