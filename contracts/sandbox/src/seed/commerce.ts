/** Plans with offers, subscriptions (member1 has an active one), and feature switches. */
import type { FeatureRecord, PlanRecord, SubscriptionRecord, UserRecord } from '../state/types';
import { DAY_MS, iso } from './clock';
import type { DemoKey } from './demo-accounts';
import type { Ids } from './ids';
import type { Rng } from './prng';

export function seedPlans(anchor: number): PlanRecord[] {
  const created = iso(anchor - 400 * DAY_MS);
  const window = { starts_at: iso(anchor - 10 * DAY_MS), ends_at: iso(anchor + 20 * DAY_MS) };
  const expired = { starts_at: iso(anchor - 120 * DAY_MS), ends_at: iso(anchor - 90 * DAY_MS) };
  return [
    {
      id: 'plan-basic',
      name: 'Basic',
      description: 'See who likes you and send unlimited match requests.',
      price: 9.99,
      currency: 'USD',
      interval: 'month',
      duration_days: 30,
      archived: false,
      features: ['UNLIMITED_REQUESTS', 'SEE_LIKES'],
      offers: [
        {
          id: 'offer-basic-spring',
          offer: true,
          name: 'Spring offer',
          discount_percent: 20,
          price: 7.99,
          archived: false,
          ...window,
        },
        {
          id: 'offer-basic-2025',
          offer: false,
          name: 'New year 2025',
          discount_percent: 30,
          price: 6.99,
          archived: true,
          ...expired,
        },
      ],
      created_at: created,
    },
    {
      id: 'plan-premium',
      name: 'Premium',
      description: 'Everything in Basic, plus chat files, read receipts and profile boosts.',
      price: 24.99,
      currency: 'USD',
      interval: 'quarter',
      duration_days: 90,
      archived: false,
      features: ['UNLIMITED_REQUESTS', 'SEE_LIKES', 'CHAT_FILES', 'READ_RECEIPTS', 'BOOST'],
      offers: [
        {
          id: 'offer-premium-family',
          offer: true,
          name: 'Family referral',
          discount_percent: 15,
          price: 21.24,
          archived: false,
          ...window,
        },
      ],
      created_at: created,
    },
    {
      id: 'plan-gold',
      name: 'Gold',
      description: 'A year of Premium with a verified badge and priority support.',
      price: 79.99,
      currency: 'USD',
      interval: 'year',
      duration_days: 365,
      archived: false,
      features: [
        'UNLIMITED_REQUESTS',
        'SEE_LIKES',
        'CHAT_FILES',
        'READ_RECEIPTS',
        'BOOST',
        'VERIFIED_BADGE',
        'PRIORITY_SUPPORT',
      ],
      offers: [
        {
          id: 'offer-gold-launch',
          offer: true,
          name: 'Launch price',
          discount_percent: 25,
          price: 59.99,
          archived: false,
          ...window,
        },
        {
          id: 'offer-gold-old',
          offer: false,
          name: 'Black Friday',
          discount_percent: 40,
          price: 47.99,
          archived: true,
          ...expired,
        },
      ],
      created_at: created,
    },
    {
      id: 'plan-legacy',
      name: 'Legacy Plus',
      description: 'A retired monthly plan kept for existing subscribers.',
      price: 14.99,
      currency: 'USD',
      interval: 'month',
      duration_days: 30,
      archived: true,
      features: ['UNLIMITED_REQUESTS'],
      offers: [],
      created_at: iso(anchor - 900 * DAY_MS),
    },
  ];
}

export function seedSubscriptions(
  rng: Rng,
  ids: Ids,
  anchor: number,
  plans: PlanRecord[],
  demo: Record<DemoKey, UserRecord>,
  members: UserRecord[],
): SubscriptionRecord[] {
  const out: SubscriptionRecord[] = [];
  const add = (user: UserRecord, plan: PlanRecord, startDaysAgo: number): void => {
    const start = anchor - startDaysAgo * DAY_MS;
    const end = start + plan.duration_days * DAY_MS;
    out.push({
      id: ids.next('sub'),
      user_id: user.keycloakId,
      plan_id: plan.id,
      offer_id: null,
      status: end > anchor ? 'ACTIVE' : 'EXPIRED',
      amount: plan.price,
      currency: plan.currency,
      started_at: iso(start),
      expires_at: iso(end),
      created_at: iso(start),
    });
  };
  const [basic, premium, gold] = plans as [PlanRecord, PlanRecord, PlanRecord];
  add(demo.member1, premium, 20);
  add(demo.member2, basic, 80);
  for (const member of rng.sample(members, 48))
    add(member, rng.pick([basic, basic, premium, gold]), rng.int(0, 300));
  return out;
}

export function seedFeatures(anchor: number): FeatureRecord[] {
  const at = iso(anchor - 30 * DAY_MS);
  const feature = (
    code: string,
    name: string,
    description: string,
    enabled: boolean,
    subfeatures: [string, string, boolean][],
  ): FeatureRecord => ({
    code,
    name,
    description,
    enabled,
    subfeatures: subfeatures.map(([subCode, subName, subEnabled]) => ({
      code: subCode,
      name: subName,
      enabled: subEnabled,
    })),
    updated_at: at,
  });
  return [
    feature('CHAT', 'Chat', 'Messaging between mutual matches', true, [
      ['CHAT_FILES', 'File sharing', true],
      ['TYPING_INDICATOR', 'Typing indicator', true],
      ['READ_RECEIPTS', 'Read receipts', false],
    ]),
    feature('RECOMMENDATIONS', 'Recommendations', 'Daily match recommendations', true, [
      ['DAILY_PICKS', 'Daily picks', true],
      ['ADVANCED_FILTERS', 'Advanced filters', true],
    ]),
    feature('KYC', 'Identity verification', 'Members verify their identity', true, [
      ['KYC_UPLOAD', 'Document upload', true],
      ['KYC_SELFIE', 'Selfie check', false],
    ]),
    feature('PAYMENTS', 'Payments', 'Plans and subscriptions', true, [
      ['OFFERS', 'Promotional offers', true],
      ['CHECKOUT', 'Hosted checkout', true],
    ]),
    feature('SOCIAL_LOGIN', 'Social sign-in', 'Sign in with an identity provider', true, [
      ['GOOGLE', 'Google', true],
    ]),
    feature('REFERRALS', 'Referrals', 'Invite friends and family', false, [
      ['REFERRAL_REWARDS', 'Rewards', false],
    ]),
    feature('NOTIFICATIONS', 'Notifications', 'Email and in-app notifications', true, [
      ['EMAIL_DIGEST', 'Email digest', true],
      ['UNREAD_REMINDERS', 'Unread message reminders', true],
    ]),
  ];
}
