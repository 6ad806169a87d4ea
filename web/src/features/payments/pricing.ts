/**
 * Prices, dates and the checkout address of a plan. Money is formatted with Intl in the SDK's
 * default locale (en-US); a plan names its own ISO currency, and the SDK's default currency (USD)
 * stands in only where an answer leaves it out.
 */
import { DEFAULT_CURRENCY, DEFAULT_LOCALE } from '@matchmaker/sdk/rules';
import type { Offer, Plan, PlanOffer } from '@matchmaker/sdk/schemas';

const formatters = new Map<string, Intl.NumberFormat>();

export function formatPrice(amount: number, currency: string | null | undefined = DEFAULT_CURRENCY): string {
  const code = currency || DEFAULT_CURRENCY;
  let format = formatters.get(code);
  if (!format) {
    format = new Intl.NumberFormat(DEFAULT_LOCALE, { style: 'currency', currency: code });
    formatters.set(code, format);
  }
  return format.format(amount);
}

const dateFormat = new Intl.DateTimeFormat(DEFAULT_LOCALE, { dateStyle: 'long', timeZone: 'UTC' });

export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : dateFormat.format(time);
}

const INTERVAL_WORDS: Record<NonNullable<Plan['interval']>, string> = {
  month: 'per month',
  quarter: 'every 3 months',
  year: 'per year',
};

/** "per month", or "for 45 days" for a plan that only states its length. */
export function billingPeriod(plan: Plan): string | null {
  if (plan.interval) return INTERVAL_WORDS[plan.interval];
  if (plan.duration_days) return `for ${plan.duration_days} days`;
  return null;
}

/** 'UNLIMITED_REQUESTS' reads 'Unlimited requests'. */
export function featureLabel(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type AnyOffer = Offer | PlanOffer;

/** An offer counts when it is a live promotion: not archived and inside its dates (when it has them). */
export function isLiveOffer(offer: AnyOffer, now: number): boolean {
  if (!offer.offer || offer.archived === true) return false;
  if (offer.starts_at && Date.parse(offer.starts_at) > now) return false;
  if (offer.ends_at && Date.parse(offer.ends_at) <= now) return false;
  return true;
}

/**
 * The best live offer for a plan, from the offers call (`GET /plans/offer`) and the plan's own
 * list, cheapest first: the price the member would pay at checkout.
 */
export function bestOffer(plan: Plan, offers: PlanOffer[], now: number): AnyOffer | null {
  const candidates: AnyOffer[] = [
    ...offers.filter((offer) => offer.plan_id === plan.id),
    ...plan.offers.filter((offer) => !offers.some((listed) => listed.id === offer.id)),
  ].filter((offer) => isLiveOffer(offer, now) && offer.price < plan.price);
  return candidates.reduce<AnyOffer | null>(
    (best, offer) => (!best || offer.price < best.price ? offer : best),
    null,
  );
}

/**
 * The provider's checkout page for a plan: its `checkout_url` with who pays, the offer and where
 * to come back to. Null when the plan has no checkout address (it cannot be bought online).
 */
export function checkoutUrl(
  plan: Plan,
  input: { userId: string; offerId: string | null; returnUrl: string },
): string | null {
  if (!plan.checkout_url) return null;
  let url: URL;
  try {
    url = new URL(plan.checkout_url, window.location.href);
  } catch {
    return null;
  }
  url.searchParams.set('user_id', input.userId);
  if (input.offerId) url.searchParams.set('offer_id', input.offerId);
  url.searchParams.set('return_url', input.returnUrl);
  return url.toString();
}
