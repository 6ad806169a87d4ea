import type { Plan } from '@matchmaker/sdk/schemas';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { EmptyState, ErrorState, PageHeading, Spinner } from '../../components/index';
import { config } from '../../config/config';
import { PAGE_FRAMES } from '../../config/page-frames';
import { PATHS } from '../../config/paths';
import { notify } from '../../lib/toast';
import { sessionState } from '../../state/session';
import { cancelledMessage, readCheckoutReturn, rememberCheckout, successMessage } from './checkout';
import { loadCatalogue, paymentsState, reloadSubscription, setCheckoutOutcome } from './payments-state';
import { PlanCard } from './plan-card';
import { checkoutUrl } from './pricing';
import { SubscriptionPanel } from './subscription-panel';

/** Coming back from the provider: reload the subscription, say what happened, tidy the address. */
async function settleCheckout(search: string): Promise<void> {
  const outcome = readCheckoutReturn(search);
  if (!outcome) {
    await reloadSubscription();
    return;
  }
  navigate(PATHS.payments, { replace: true });
  if (outcome.kind === 'cancelled') {
    const message = cancelledMessage(outcome.planName);
    setCheckoutOutcome({ kind: 'cancelled', message });
    await reloadSubscription();
    return;
  }
  setCheckoutOutcome({ kind: 'pending', message: 'Confirming your payment…' });
  const subscription = await reloadSubscription();
  if (subscription?.active) {
    const message = successMessage(subscription);
    setCheckoutOutcome({ kind: 'success', message });
  } else {
    setCheckoutOutcome({
      kind: 'pending',
      message:
        'The payment provider has not confirmed your payment yet. Check again in a minute; you will not be charged twice.',
    });
  }
}

export function PaymentsPage() {
  const state = useSnapshot(paymentsState);
  const catalogue = state.catalogue;
  const offers = catalogue.data?.offers ?? [];
  const session = useSnapshot(sessionState);
  const search = useSearch();
  const [leaving, setLeaving] = useState<string | null>(null);
  // `now` for offer dates, fixed per visit so the cards do not flicker between renders.
  const [now] = useState(() => Date.now());

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per visit; the return is read from the address it was opened with.
  useEffect(() => {
    void loadCatalogue();
    void settleCheckout(search);
  }, []);

  const subscription = session.subscription;
  const userId = session.user?.keycloakId ?? null;

  const choose = (plan: Plan, offerId: string | null) => {
    if (!userId) return;
    const url = checkoutUrl(plan, { userId, offerId, returnUrl: config().checkout.returnUrl });
    if (!url) {
      notify.error(`${plan.name} cannot be bought online right now.`);
      return;
    }
    setLeaving(String(plan.id));
    rememberCheckout(plan);
    window.location.assign(url);
  };

  return (
    <section className="page payments">
      <PageHeading {...PAGE_FRAMES.payments.plans} />

      {state.checkout ? (
        <div
          className={`notice ${state.checkout.kind === 'success' ? 'notice--info' : 'notice--warning'}`}
          role={state.checkout.kind === 'pending' ? 'status' : 'alert'}
          data-testid="checkout-outcome"
        >
          <p>{state.checkout.message}</p>
          {state.checkout.kind !== 'pending' ? (
            <button
              type="button"
              className="btn btn--ghost btn--small"
              onClick={() => setCheckoutOutcome(null)}
            >
              Dismiss
            </button>
          ) : null}
        </div>
      ) : null}

      <section className="payments__section" aria-labelledby="subscription-heading">
        <h2 id="subscription-heading">Your subscription</h2>
        <SubscriptionPanel
          subscription={subscription}
          loading={state.subscription.status === 'loading' || state.subscription.status === 'idle'}
          error={state.subscription.error}
          onRetry={() => void reloadSubscription()}
        />
      </section>

      <section className="payments__section" aria-labelledby="plans-heading">
        <h2 id="plans-heading">Plans</h2>
        {catalogue.status === 'error' ? (
          <ErrorState
            title="The plans could not be loaded"
            message={catalogue.error ?? 'Please try again.'}
            onRetry={() => void loadCatalogue()}
          />
        ) : catalogue.status !== 'ready' || !catalogue.data ? (
          <Spinner label="Loading plans" />
        ) : catalogue.data.plans.length === 0 ? (
          <EmptyState title="No plans are on sale right now">
            <p>Please come back later.</p>
          </EmptyState>
        ) : (
          <div className="plans">
            {catalogue.data.plans.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                offers={offers}
                now={now}
                current={subscription?.active === true && subscription.plan_id === plan.id}
                busy={leaving === String(plan.id)}
                disabled={leaving !== null || !userId}
                onChoose={choose}
              />
            ))}
          </div>
        )}
      </section>
    </section>
  );
}
