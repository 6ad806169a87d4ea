/**
 * The payments screen's state: plans, live offers, and where the last checkout stands. The
 * subscription itself lives on the session (`sessionState.subscription`, loaded at start-up); this
 * area reloads it and writes it back with `setSubscription`. Only the actions below write here.
 */
import type { Plan, PlanOffer, Subscription } from '@matchmaker/sdk/schemas';
import { proxy } from 'valtio';
import { getClient } from '../../lib/client';
import { idle, load, type Remote, resetRemote } from '../../state/remote';
import { sessionState, setSubscription } from '../../state/session';
import { onSessionEnd } from '../../state/session-end';

export interface Catalogue {
  plans: Plan[];
  offers: PlanOffer[];
}

export interface PaymentsState {
  /** Plans on sale (archived ones left out) and the live offers. */
  catalogue: Remote<Catalogue>;
  /** Reloads of the subscription; the subscription itself is the session's. */
  subscription: Remote<Subscription>;
  /** The outcome of the checkout the member just came back from, shown until dismissed. */
  checkout: { kind: 'success' | 'cancelled' | 'pending'; message: string } | null;
}

export const paymentsState = proxy<PaymentsState>({
  catalogue: idle(),
  subscription: idle(),
  checkout: null,
});

export function resetPayments(): void {
  resetRemote(paymentsState.catalogue);
  resetRemote(paymentsState.subscription);
  paymentsState.checkout = null;
}
onSessionEnd(resetPayments);

/** Plans (with the derived prices) and live offers, side by side. */
export function loadCatalogue(): Promise<unknown> {
  return load(
    paymentsState.catalogue,
    async () => {
      const client = getClient();
      const [plans, offers] = await Promise.all([
        client.payments.listPlans({ extrapolate: true }),
        client.payments.listOffers(),
      ]);
      return { plans: plans.plans.filter((plan) => !plan.archived), offers: offers.offers };
    },
    { failure: 'The plans could not be loaded.' },
  );
}

/** Reads the member's subscription again (after a checkout, or on 'Try again'). */
export async function reloadSubscription(): Promise<Subscription | null> {
  const userId = sessionState.user?.keycloakId;
  if (!userId) {
    // Without a keycloakId there is no subscription to ask for (SPEC.md section 7).
    paymentsState.subscription.status = 'ready';
    return null;
  }
  const subscription = await load(
    paymentsState.subscription,
    () => getClient().payments.getSubscription(userId),
    {
      fresh: true,
      failure: 'Your subscription could not be loaded.',
    },
  );
  if (subscription) setSubscription(subscription);
  return subscription;
}

export function setCheckoutOutcome(outcome: PaymentsState['checkout']): void {
  paymentsState.checkout = outcome;
}
