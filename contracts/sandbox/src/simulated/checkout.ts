/**
 * The payment provider's hosted checkout, simulated: a page showing the plan and a test card, and a
 * "Pay" that activates the subscription and returns to the app. Plans link here as `checkout_url`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { World } from '../core/world';
import { notify } from '../domain/notify';
import { safeRedirect } from '../http/origins';
import { DAY_MS } from '../seed/clock';
import type { PlanRecord, SubscriptionRecord, UserRecord } from '../state/types';
import { escapeHtml, page } from './html';

interface CheckoutQuery {
  plan_id?: string;
  offer_id?: string;
  user_id?: string;
  email?: string;
  return_url?: string;
}

function livePrice(
  plan: PlanRecord,
  offerId: string | undefined,
  now: number,
): { price: number; offerId: string | null } {
  const offer = plan.offers.find(
    (entry) =>
      entry.id === offerId &&
      !entry.archived &&
      Date.parse(entry.starts_at) <= now &&
      Date.parse(entry.ends_at) > now,
  );
  return offer ? { price: offer.price, offerId: offer.id } : { price: plan.price, offerId: null };
}

/** Paying: earlier active subscriptions end, the new one starts now. */
export function activateSubscription(
  world: World,
  user: UserRecord,
  plan: PlanRecord,
  offerId?: string,
): SubscriptionRecord {
  const now = world.now();
  const { price, offerId: appliedOffer } = livePrice(plan, offerId, now);
  for (const sub of world.store.data.subscriptions) {
    if (sub.user_id === user.keycloakId && sub.status === 'ACTIVE') sub.status = 'CANCELLED';
  }
  const sub: SubscriptionRecord = {
    id: world.store.nextId('sub'),
    user_id: user.keycloakId,
    plan_id: plan.id,
    offer_id: appliedOffer,
    status: 'ACTIVE',
    amount: price,
    currency: plan.currency,
    started_at: new Date(now).toISOString(),
    expires_at: new Date(now + plan.duration_days * DAY_MS).toISOString(),
    created_at: new Date(now).toISOString(),
  };
  world.store.data.subscriptions.push(sub);
  world.store.data.checkouts[sub.id] = {
    id: world.store.nextId('checkout'),
    user_id: user.keycloakId,
    plan_id: plan.id,
    offer_id: appliedOffer,
    status: 'PAID',
    created_at: sub.created_at,
  };
  notify(world, world.publicUrl, {
    user_id: user.keycloakId,
    actor_id: null,
    type: 'SYSTEM',
    body: `Your ${plan.name} subscription is active until ${sub.expires_at.slice(0, 10)}`,
    related_id: sub.id,
  });
  world.store.touch();
  return sub;
}

const RETURN_URL_RULE =
  'return_url must be a path of the sandbox or an http(s) URL on localhost, 127.0.0.1 or the web app (--web-url)';

/**
 * The checked return_url: undefined when none was given, null (after answering 400) when it is
 * not one the app would use. A checkout must not send the member to another site, nor render a
 * `javascript:` URL as its Cancel link.
 */
function returnUrlOf(
  world: World,
  request: FastifyRequest,
  reply: FastifyReply,
  raw: string | undefined,
  asHtml: boolean,
): string | undefined | null {
  if (raw === undefined || raw === '') return undefined;
  const safe = safeRedirect(raw, world.options, request);
  if (safe !== undefined) return safe;
  if (asHtml)
    reply
      .code(400)
      .type('text/html; charset=utf-8')
      .send(page('Checkout', `<h1>Bad return address</h1><p>${escapeHtml(RETURN_URL_RULE)}.</p>`));
  else reply.code(400).send({ message: RETURN_URL_RULE });
  return null;
}

export function registerCheckout(app: FastifyInstance, world: World): void {
  const planOf = (id: string | undefined) =>
    world.store.data.plans.find((plan) => plan.id === id && !plan.archived);
  const userOf = (q: CheckoutQuery) =>
    q.user_id ? world.store.findUser(q.user_id) : q.email ? world.store.userByEmail(q.email) : undefined;

  app.get<{ Querystring: CheckoutQuery }>('/sandbox/checkout', (request, reply) => {
    const q = request.query;
    const returnUrl = returnUrlOf(world, request, reply, q.return_url, true);
    if (returnUrl === null) return reply;
    const plan = planOf(q.plan_id);
    const plans = world.store.data.plans.filter((entry) => !entry.archived);
    if (!plan) {
      const list = plans
        .map(
          (entry) =>
            `<li><a href="/sandbox/checkout?plan_id=${encodeURIComponent(entry.id)}">${escapeHtml(entry.name)}</a> ${entry.price} ${entry.currency}</li>`,
        )
        .join('');
      return reply
        .type('text/html; charset=utf-8')
        .send(page('Checkout', `<h1>Choose a plan</h1><ul>${list}</ul>`));
    }
    const { price, offerId } = livePrice(plan, q.offer_id, world.now());
    const user = userOf(q);
    const hidden = (name: string, value: string | undefined | null) =>
      value ? `<input type="hidden" name="${name}" value="${escapeHtml(value)}">` : '';
    return reply.type('text/html; charset=utf-8').send(
      page(
        'Checkout',
        `<div class="card" style="max-width:480px;margin:40px auto">
<h1>Sandbox Pay</h1>
<p>${escapeHtml(plan.name)}: ${escapeHtml(plan.description)}</p>
<p><strong>${price.toFixed(2)} ${escapeHtml(plan.currency)}</strong> for ${plan.duration_days} days${offerId ? ' (offer applied)' : ''}</p>
<form method="post" action="/sandbox/checkout/pay">
${hidden('plan_id', plan.id)}${hidden('offer_id', offerId)}${hidden('return_url', returnUrl)}${hidden('user_id', user?.keycloakId)}
${user ? `<p>Paying as <strong>${escapeHtml(user.email)}</strong></p>` : '<p><label>Member email<br><input name="email" value="member1@sandbox.test" size="34"></label></p>'}
<p><label>Card number<br><input value="4242 4242 4242 4242" size="24" readonly></label></p>
<p><button class="button">Pay ${price.toFixed(2)} ${escapeHtml(plan.currency)}</button>
${returnUrl ? `<a class="button secondary" href="${escapeHtml(returnUrl)}">Cancel</a>` : ''}</p>
<p class="muted">Simulated payment provider: no card is charged.</p>
</form></div>`,
      ),
    );
  });

  // Paying changes state, so it is the form's POST: the origin check refuses one sent from a
  // foreign page, which a GET link would not be.
  app.get('/sandbox/checkout/pay', (_request, reply) =>
    reply.code(405).header('allow', 'POST').send({ message: 'Pay with the checkout form (POST)' }),
  );
  app.post<{ Body: CheckoutQuery | undefined }>('/sandbox/checkout/pay', (request, reply) => {
    const q = request.body ?? {};
    const returnUrl = returnUrlOf(world, request, reply, q.return_url, false);
    if (returnUrl === null) return reply;
    const plan = planOf(q.plan_id);
    const user = userOf(q);
    if (!plan) return reply.code(404).send({ message: 'Plan not found' });
    if (!user) return reply.code(404).send({ message: 'Member not found' });
    const sub = activateSubscription(world, user, plan, q.offer_id);
    if (returnUrl) {
      const hashAt = returnUrl.indexOf('#');
      const base = hashAt >= 0 ? returnUrl.slice(0, hashAt) : returnUrl;
      const separator = base.includes('?') ? '&' : '?';
      // 303: the browser follows a POST's redirect with a GET.
      return reply.redirect(
        `${base}${separator}checkout=success&subscription_id=${encodeURIComponent(sub.id)}`,
        303,
      );
    }
    return reply.send({ message: 'Payment accepted', subscription: sub });
  });
}
