import type { Plan, PlanOffer } from '@matchmaker/sdk/schemas';
import { Button } from '../../components/index';
import { bestOffer, billingPeriod, featureLabel, formatDate, formatPrice } from './pricing';

export interface PlanCardProps {
  plan: Plan;
  offers: PlanOffer[];
  now: number;
  current: boolean;
  busy: boolean;
  disabled: boolean;
  onChoose: (plan: Plan, offerId: string | null) => void;
}

export function PlanCard({ plan, offers, now, current, busy, disabled, onChoose }: PlanCardProps) {
  const offer = bestOffer(plan, offers, now);
  const period = billingPeriod(plan);
  const headingId = `plan-${plan.id}-name`;
  const offerEnds = formatDate(offer?.ends_at);
  const monthly =
    typeof plan.monthly_price === 'number' && plan.interval !== 'month'
      ? `${formatPrice(plan.monthly_price, plan.currency)} a month`
      : null;
  return (
    <article className={`plan card${current ? ' plan--current' : ''}`} aria-labelledby={headingId}>
      <div className="plan__head">
        <h3 className="plan__name" id={headingId}>
          {plan.name}
        </h3>
        {current ? <span className="status-pill status-pill--active">Your plan</span> : null}
      </div>
      {plan.description ? <p className="plan__description">{plan.description}</p> : null}
      <p className="plan__price">
        {offer ? (
          <>
            <span className="plan__amount">{formatPrice(offer.price, plan.currency)}</span>{' '}
            <s className="plan__was">
              <span className="visually-hidden">instead of </span>
              {formatPrice(plan.price, plan.currency)}
            </s>
          </>
        ) : (
          <span className="plan__amount">{formatPrice(plan.price, plan.currency)}</span>
        )}{' '}
        {period ? <span className="plan__period">{period}</span> : null}
      </p>
      {monthly ? <p className="plan__monthly">That is {monthly}.</p> : null}
      {offer ? (
        <p className="plan__offer">
          <strong>{offer.name ?? 'Offer'}</strong>
          {typeof offer.discount_percent === 'number' ? `: ${offer.discount_percent}% off` : null}
          {offerEnds ? ` until ${offerEnds}` : null}
        </p>
      ) : null}
      {plan.features && plan.features.length > 0 ? (
        <ul className="plan__features">
          {plan.features.map((feature) => (
            <li key={feature}>{featureLabel(feature)}</li>
          ))}
        </ul>
      ) : null}
      {plan.checkout_url ? (
        <Button
          block
          variant={current ? 'secondary' : 'primary'}
          busy={busy}
          disabled={disabled}
          onClick={() => onChoose(plan, offer ? String(offer.id) : null)}
        >
          {current ? 'Renew' : 'Choose'} {plan.name}
        </Button>
      ) : (
        <p className="plan__unavailable">This plan cannot be bought online.</p>
      )}
    </article>
  );
}
