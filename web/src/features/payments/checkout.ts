/**
 * Leaving for the payment provider's checkout and reading the way back. The provider returns to
 * `config().checkout.returnUrl` with `checkout=success` after paying; its Cancel link returns
 * without it. A marker in sessionStorage says a checkout was started from here, so a return
 * without success reads as cancelled rather than as an ordinary visit.
 */
import type { Plan, Subscription } from '@matchmaker/sdk/schemas';
import { formatDate } from './pricing';

const PENDING_KEY = 'matchmaker.checkout';

interface PendingCheckout {
  planId: string;
  planName: string;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberCheckout(plan: Plan): void {
  const pending: PendingCheckout = { planId: String(plan.id), planName: plan.name };
  storage()?.setItem(PENDING_KEY, JSON.stringify(pending));
}

function takePending(): PendingCheckout | null {
  const store = storage();
  const raw = store?.getItem(PENDING_KEY);
  store?.removeItem(PENDING_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (
      value !== null &&
      typeof value === 'object' &&
      'planId' in value &&
      'planName' in value &&
      typeof value.planId === 'string' &&
      typeof value.planName === 'string'
    )
      return { planId: value.planId, planName: value.planName };
  } catch {
    // A marker we cannot read is treated as absent.
  }
  return null;
}

export type CheckoutReturn =
  | { kind: 'success'; subscriptionId: string | null; planName: string | null }
  | { kind: 'cancelled'; planName: string | null }
  | null;

const CANCELLED = new Set(['cancel', 'cancelled', 'canceled', 'failed', 'error']);

/** What the address says about a checkout we come back from; consumes the marker. */
export function readCheckoutReturn(search: string): CheckoutReturn {
  const params = new URLSearchParams(search);
  const status = params.get('checkout');
  if (status === null && storage()?.getItem(PENDING_KEY) === null) return null;
  const pending = takePending();
  if (status === 'success')
    return {
      kind: 'success',
      subscriptionId: params.get('subscription_id'),
      planName: pending?.planName ?? null,
    };
  if ((status !== null && CANCELLED.has(status)) || pending)
    return { kind: 'cancelled', planName: pending?.planName ?? null };
  return null;
}

export function successMessage(subscription: Subscription | null): string {
  const name = subscription?.plan?.name;
  const until = formatDate(subscription?.expires_at);
  if (name && until) return `Thank you! Your ${name} subscription is active until ${until}.`;
  return 'Thank you! Your subscription is active.';
}

export function cancelledMessage(planName: string | null): string {
  return `Checkout${planName ? ` for ${planName}` : ''} was cancelled. You have not been charged and your plan has not changed.`;
}
