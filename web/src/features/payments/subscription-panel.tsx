import type { Subscription } from '@matchmaker/sdk/schemas';
import { EmptyState, ErrorState, Spinner } from '../../components/index';
import { formatDate, formatPrice } from './pricing';

const STATUS_WORDS: Record<Subscription['status'], string> = {
  ACTIVE: 'Active',
  PENDING: 'Payment pending',
  EXPIRED: 'Expired',
  CANCELLED: 'Cancelled',
  NONE: 'No subscription',
};

export interface SubscriptionPanelProps {
  subscription: Subscription | null;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
}

/** The member's current subscription: plan, status, price paid and dates. */
export function SubscriptionPanel({ subscription, loading, error, onRetry }: SubscriptionPanelProps) {
  if (error)
    return <ErrorState title="Your subscription could not be loaded" message={error} onRetry={onRetry} />;
  if (!subscription && loading) return <Spinner label="Loading your subscription" />;
  if (!subscription || subscription.status === 'NONE')
    return (
      <EmptyState title="You have no subscription yet">
        <p>Choose a plan below to see who likes you and send unlimited match requests.</p>
      </EmptyState>
    );
  const started = formatDate(subscription.started_at);
  const expires = formatDate(subscription.expires_at);
  return (
    <div className="subscription card" data-testid="subscription" aria-busy={loading || undefined}>
      <div className="subscription__head">
        <p className="subscription__plan">{subscription.plan?.name ?? 'Your plan'}</p>
        <span className={`status-pill status-pill--${subscription.status.toLowerCase()}`}>
          {STATUS_WORDS[subscription.status]}
        </span>
      </div>
      <dl className="subscription__facts">
        {typeof subscription.amount === 'number' ? (
          <div>
            <dt>Paid</dt>
            <dd>{formatPrice(subscription.amount, subscription.currency)}</dd>
          </div>
        ) : null}
        {started ? (
          <div>
            <dt>Started</dt>
            <dd>{started}</dd>
          </div>
        ) : null}
        {expires ? (
          <div>
            <dt>{subscription.active ? 'Renews or ends' : 'Ended'}</dt>
            <dd>{expires}</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}
