import * as z from 'zod/mini';
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
  name: z.optional(z.string()),
  price: z.number().check(z.nonnegative()),
  discount_percent: z.optional(z.number()),
  archived: z.optional(z.boolean()),
  starts_at: z.optional(timestamp),
  ends_at: z.optional(timestamp),
  plan_id: z.optional(id),
});
export type Offer = z.infer<typeof offerSchema>;

export const planSchema = z.looseObject({
  id,
  name: z.string(),
  description: z.optional(z.string()),
  price: z.number().check(z.nonnegative()),
  /** ISO 4217 code, such as USD. */
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
  interval: z.optional(z.enum(['month', 'quarter', 'year'])),
  duration_days: z.optional(z.int().check(z.positive())),
  archived: z.boolean(),
  features: z.optional(z.array(z.string())),
  offers: z.array(offerSchema),
  created_at: z.optional(timestamp),
  /** The extrapolated prices (`?extrapolate=true` and the plan detail). */
  monthly_price: z.optional(z.number()),
  daily_price: z.optional(z.number()),
  /** The lowest live offer's price, or null without one. */
  offer_price: z.optional(z.nullable(z.number())),
  /** Where the member pays for the plan. */
  checkout_url: z.optional(z.string()),
});
export type Plan = z.infer<typeof planSchema>;

export const planListSchema = z.looseObject({ plans: z.array(planSchema) });
export type PlanList = z.infer<typeof planListSchema>;

/** An offer with the plan it belongs to (`GET /plans/offer`). */
export const planOfferSchema = z.extend(offerSchema, {
  plan_id: id,
  plan_name: z.optional(z.string()),
  plan_price: z.optional(z.number()),
  currency: z.optional(z.string()),
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
  id: z.nullable(id),
  user_id: id,
  status: z.union([subscriptionStatusSchema, z.literal('NONE')]),
  /** What the client gates paid features on. */
  active: z.boolean(),
  plan_id: z.nullable(id),
  offer_id: z.optional(z.nullable(id)),
  amount: z.optional(z.nullable(z.number())),
  currency: z.optional(z.nullable(z.string())),
  started_at: z.nullable(timestamp),
  expires_at: z.nullable(timestamp),
  plan: z.optional(z.nullable(planSchema)),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** `?extrapolate=`: what extrapolation does is not shown in SPEC.md; the value is sent as given. */
export const planListQuerySchema = z.object({ extrapolate: z.boolean() });
export type PlanListInput = z.input<typeof planListQuerySchema>;

/** `?archived=false`: the offers call only ever asks for live offers. */
export const offerListQuerySchema = z.object({ archived: z.literal(false) });

export const subscriptionParamsSchema = z.object({
  userId: boundedText(TEXT_LIMITS.name).check(z.minLength(1)),
});
