/**
 * The payments screen's state: plans, live offers, and where the last checkout stands. The
 * subscription itself lives on the session (`sessionState.subscription`, loaded at start-up); this
 * area reloads it and writes it back with `setSubscription`. Only the actions below write here.
 */
import type { Plan, PlanOffer, Subscription } from '@matchmaker/sdk/schemas';
import { proxy, ref } from 'valtio';
import { getClient } from '../../lib/client';
import { describeError } from '../../lib/error-message';
import { reportError } from '../../lib/report';
import { sessionState, setSubscription } from '../../state/session';
import { onSessionEnd } from '../../state/session-end';

type Load = 'idle' | 'loading' | 'ready' | 'error';

/** API records kept with `ref`: snapshots hand out the SDK's types, not deep-readonly copies. */
type Stored<T extends object> = T & { $$valtioSnapshot: T };

export interface PaymentsState {
  catalogue: Load;
  catalogueError: string | null;
  plans: Stored<Plan[]>;
  offers: Stored<PlanOffer[]>;
  subscription: Load;
  subscriptionError: string | null;
  /** The outcome of the checkout the member just came back from, shown until dismissed. */
  checkout: { kind: 'success' | 'cancelled' | 'pending'; message: string } | null;
}

const initial = (): PaymentsState => ({
  catalogue: 'idle',
  catalogueError: null,
  plans: ref([]),
  offers: ref([]),
  subscription: 'idle',
  subscriptionError: null,
  checkout: null,
});

export const paymentsState = proxy<PaymentsState>(initial());

/** Bumped on reset so answers of a session that ended are dropped. */
let generation = 0;

export function resetPayments(): void {
  generation += 1;
  Object.assign(paymentsState, initial());
}
onSessionEnd(resetPayments);

/** Plans (with the derived prices) and live offers, side by side. */
export async function loadCatalogue(): Promise<void> {
  const mine = generation;
  paymentsState.catalogue = 'loading';
  paymentsState.catalogueError = null;
  const client = getClient();
  try {
    const [plans, offers] = await Promise.all([
      client.payments.listPlans({ extrapolate: true }),
      client.payments.listOffers(),
    ]);
    if (mine !== generation) return;
    paymentsState.plans = ref(plans.plans.filter((plan) => !plan.archived));
    paymentsState.offers = ref(offers.offers);
    paymentsState.catalogue = 'ready';
  } catch (error) {
    if (mine !== generation) return;
    reportError(error);
    paymentsState.catalogueError = describeError(error, 'The plans could not be loaded.');
    paymentsState.catalogue = 'error';
  }
}

/** Reads the member's subscription again (after a checkout, or on 'Try again'). */
export async function reloadSubscription(): Promise<Subscription | null> {
  const mine = generation;
  const userId = sessionState.user?.keycloakId;
  if (!userId) {
    // Without a keycloakId there is no subscription to ask for (SPEC.md section 7).
    paymentsState.subscription = 'ready';
    return null;
  }
  paymentsState.subscription = 'loading';
  paymentsState.subscriptionError = null;
  try {
    const subscription = await getClient().payments.getSubscription(userId);
    if (mine !== generation) return null;
    setSubscription(subscription);
    paymentsState.subscription = 'ready';
    return subscription;
  } catch (error) {
    if (mine !== generation) return null;
    reportError(error);
    paymentsState.subscriptionError = describeError(error, 'Your subscription could not be loaded.');
    paymentsState.subscription = 'error';
    return null;
  }
}

export function setCheckoutOutcome(outcome: PaymentsState['checkout']): void {
  paymentsState.checkout = outcome;
}
