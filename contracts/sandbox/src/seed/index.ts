/**
 * The whole seeded data set from one number. Deterministic for a given seed and anchor day, and
 * fast (tens of milliseconds), since every test starts sandboxes of its own.
 */
import { dict } from '../state/dict';
import type { SandboxData } from '../state/types';
import { seedImages, seedKyc, seedLogs, seedReferrals } from './back-office';
import { startOfUtcDay } from './clock';
import { seedFeatures, seedPlans, seedSubscriptions } from './commerce';
import { createIds } from './ids';
import { createRng } from './prng';
import { seedSocial } from './social';
import { seedUsers } from './users';

export interface SeedOptions {
  seed: number;
  /** Seeded history ends at this time (ms); defaults to midnight UTC today. */
  anchor?: number;
}

export function generateSeed({ seed, anchor = startOfUtcDay(Date.now()) }: SeedOptions): SandboxData {
  const rng = createRng(seed);
  const ids = createIds();
  const { users, demo, members, settings } = seedUsers(rng, anchor);
  const demoIds = new Set(Object.values(demo).map((user) => user.keycloakId));
  const social = seedSocial(rng, ids, anchor, demo, members);
  const plans = seedPlans(anchor);
  const subscriptions = seedSubscriptions(rng, ids, anchor, plans, demo, members);
  const images = seedImages(rng, anchor, users, demoIds);
  const kyc = seedKyc(rng, ids, anchor, demo, members);
  const referrals = seedReferrals(rng, ids, demo, users);
  const logs = seedLogs(rng, ids, anchor, users);

  return {
    version: 1,
    seed,
    seq: ids.value,
    users: dict(users.map((user) => [user.keycloakId, user])),
    settings,
    devices: [],
    images: dict(images.map((image) => [image.filename, image])),
    notifications: social.notifications,
    recommendations: social.recommendations,
    matchRequests: social.matchRequests,
    rooms: dict(social.rooms.map((room) => [room.id, room])),
    messages: social.messages,
    chatFiles: dict(social.chatFiles.map((file) => [file.filename, file])),
    blocks: social.blocks,
    reports: [],
    plans,
    subscriptions,
    features: seedFeatures(anchor),
    kycRequests: kyc.requests,
    kycDocuments: dict(kyc.documents.map((doc) => [doc.id, doc])),
    referrals,
    activityLogs: logs.activity,
    visits: logs.visits,
    dau: logs.dau,
    filterUses: logs.filterUses,
    outbox: [],
    imageDecisions: dict(),
    oneTimeTokens: dict(),
    accessTokens: dict(),
    refreshTokens: dict(),
    checkouts: dict(),
    errors: [],
  };
}

export { DEMO_ACCOUNTS, type DemoAccount, type DemoKey } from './demo-accounts';
