/**
 * The reference provider's real answers parse with the SDK's response schemas, service by service,
 * through the SDK (the sandbox also checks its own answers). The assertions read typed fields
 * without casts: if a schema left a field `unknown`, this file would not compile.
 */
import { describe, expect, it } from 'vitest';
import {
  ADMIN_USERS_PAGE_SIZE,
  CHAT_MESSAGES_PAGE_SIZE,
  FLAGGED_IMAGES_PAGE_SIZE,
  KYC_PAGE_SIZE,
  RECOMMENDATIONS_PAGE_SIZE,
} from '../../src/constants';
import { useSandbox } from '../support/sandbox';

const sandbox = useSandbox();
const THIS_YEAR = { start: '2026-01-01', end: '2026-12-31' };

async function member1() {
  const client = await sandbox.login('member1');
  const user = await client.accounts.userInfo();
  if (!user.keycloakId) throw new Error('member1 has no keycloakId');
  return { client, user, id: user.keycloakId };
}

describe('answers of the reference provider parse with the SDK schemas', () => {
  it('accounts: login, user info, profiles, status and acknowledgements', async () => {
    const client = sandbox.anonymous();
    const tokens = await client.accounts.login({ email: 'member1@sandbox.test', password: 'Sandbox#2026' });
    expect(tokens.roles).toContain('General');
    const user = await client.accounts.userInfo();
    expect(user.roles).toEqual(['General']);
    expect(user.is_deleted).toBe(false);
    expect(user.status).toBe('active');
    expect(typeof user.email).toBe('string');
    const { rooms } = await client.chats.listRooms();
    const other = rooms[0]?.user_id;
    if (other === undefined) throw new Error('member1 has no rooms');
    const profile = await client.accounts.publicProfile(other);
    expect(profile.keycloakId).toBe(String(other));
    expect(profile.images?.every((image) => typeof image.filename === 'string')).toBe(true);
    const bulk = await client.accounts.bulkProfiles({ users: [other] });
    expect(bulk?.profiles[0]?.username).toBe(profile.username);
    const status = await client.accounts.bulkStatus({ users: [other] });
    expect(typeof status?.status[0]?.online).toBe('boolean');
    const check = await client.accounts.verifyUsername({ username: 'nobody_has_this_name' });
    expect(check.available).toBe(true);
    expect((await client.accounts.forgotPassword({ email: 'member1@sandbox.test' }))?.message).toBeTruthy();
  });

  it('settings, devices and locations', async () => {
    const { client } = await member1();
    const settings = await client.settings.get();
    expect(typeof settings.allow_newsletter).toBe('boolean');
    const updated = await client.settings.update({ allow_newsletter: !settings.allow_newsletter });
    expect(updated.allow_newsletter).toBe(!settings.allow_newsletter);
    const device = await client.devices.register({
      location: 'Lagos, Nigeria',
      type: 'BROWSER',
      active: true,
    });
    expect(device.type).toBe('BROWSER');
    expect(Date.parse(device.created_at)).not.toBeNaN();
    const place = await client.locations.search({ latitude: 6.45, longitude: 3.4 });
    expect(place.country_code).toMatch(/^[A-Z]{2}$/);
  });

  it('admin: a full page of users, detail, logs, visits, referrals and aggregations', async () => {
    const admin = await sandbox.login('admin');
    const page = await admin.admin.searchUsers({ page: 1 });
    expect(page.users).toHaveLength(ADMIN_USERS_PAGE_SIZE);
    expect(page.total_pages).toBeGreaterThan(1);
    const first = page.users[0];
    if (!first?.keycloakId) throw new Error('no user on the first page');
    expect(['active', 'deactivated', 'archived', 'suspended']).toContain(first.status);
    const detail = await admin.admin.getUser(first.keycloakId);
    expect(detail.keycloakId).toBe(first.keycloakId);
    const logs = await admin.admin.getUserLogs(first.keycloakId);
    expect(logs.logs.every((log) => typeof log.action === 'string')).toBe(true);
    const visits = await admin.admin.searchVisits();
    expect(visits.visits.length).toBeLessThanOrEqual(visits.per_page);
    const referrals = await admin.admin.listReferrals({ page: 1 });
    expect(referrals.referrals.every((entry) => entry.status.length > 0)).toBe(true);
    const users = await admin.admin.userAggregations({ date_type: 'month' });
    expect(users.date_type).toBe('month');
    expect(users.total).toBe(users.members + users.admins);
    const visitStats = await admin.admin.visitAggregations();
    expect(visitStats.by_date.length).toBeGreaterThan(0);
    const changed = await admin.admin.confirmUser(first.keycloakId);
    expect(changed.user.confirmed).toBe(true);
  });

  it('kyc: the review list, metrics and a member’s requests', async () => {
    const admin = await sandbox.login('admin');
    const list = await admin.kyc.listRequests({ page: 1 });
    expect(list.requests.length).toBeLessThanOrEqual(KYC_PAGE_SIZE);
    const request = list.requests[0];
    if (!request) throw new Error('no KYC requests');
    expect(['PENDING', 'IN_REVIEW', 'APPROVED', 'REJECTED']).toContain(request.status);
    const mine = await admin.kyc.listUserRequests(request.user_id);
    expect(mine.requests.map((entry) => entry.id)).toContain(request.id);
    const one = await admin.kyc.getUserRequest(request.user_id, request.id);
    expect(one.user_info?.username).toBeTruthy();
    const metrics = await admin.kyc.metrics({ start_date: '2020-01-01' });
    expect(metrics.total).toBe(metrics.pending + metrics.in_review + metrics.approved + metrics.rejected);
  });

  it('images: a member’s images, the profile photo, the flagged list and bulk', async () => {
    const { client, id } = await member1();
    const { images } = await client.images.list(id);
    expect(images.length).toBeGreaterThan(0);
    const photo = await client.images.getProfileImage(id);
    expect(photo.image_type).toBe('Profile Photo');
    const bulk = await client.images.bulk({ users: [id], image_type: 'Profile Photo' });
    expect(bulk?.images[0]?.filename).toBe(photo.filename);
    const admin = await sandbox.login('admin');
    const flagged = await admin.images.listFlagged({ page: 1 });
    expect(flagged.images.length).toBeLessThanOrEqual(FLAGGED_IMAGES_PAGE_SIZE);
    expect(flagged.images.every((image) => image.flagged)).toBe(true);
  });

  it('features: the switches and a toggle', async () => {
    const admin = await sandbox.login('admin');
    const { features } = await admin.features.list();
    const feature = features[0];
    if (!feature) throw new Error('no features');
    const toggled = await admin.features.toggle(feature.code);
    expect(toggled.feature.enabled).toBe(!feature.enabled);
  });

  it('alerts: notifications and the unread count', async () => {
    const { client } = await member1();
    const { notifications } = await client.alerts.listNotifications();
    const first = notifications[0];
    if (!first) throw new Error('member1 has no notifications');
    expect(['MATCH_REQUEST', 'MATCH_ACCEPTED', 'NEW_MESSAGE', 'SYSTEM', 'KYC']).toContain(first.type);
    expect((await client.alerts.getNotification(first.id)).body).toBe(first.body);
    const count = await client.alerts.count();
    expect(count.count).toBe(notifications.filter((entry) => !entry.read).length);
  });

  it('recommendations: a page, requests, mutual matches and analytics', async () => {
    const { client } = await member1();
    const page = await client.recommendations.list({ page: 1 });
    expect(page.per_page).toBe(RECOMMENDATIONS_PAGE_SIZE);
    expect(page.recommendations.every((rec) => rec.status === 'PENDING')).toBe(true);
    expect(page.recommendations[0]?.metaData.profile?.keycloakId).toBeTruthy();
    const requests = await client.recommendations.listRequests();
    expect(requests.requests.every((request) => typeof request.metaData.images.length === 'number')).toBe(
      true,
    );
    const mutual = await client.recommendations.listMutual();
    expect(mutual.matches.every((match) => match.status === 'ACCEPTED')).toBe(true);
    const admin = await sandbox.login('admin');
    const metrics = await admin.recommendations.matchMetrics(THIS_YEAR);
    expect(metrics.created).toBeGreaterThanOrEqual(metrics.accepted);
    const popular = await admin.recommendations.popularPreferences();
    expect(popular.total).toBeGreaterThanOrEqual(0);
    const used = await admin.recommendations.usedFilters(THIS_YEAR);
    expect(used.date_type).toBe('day');
    const byDate = await admin.recommendations.aggregateByDate({ date_type: 'month' });
    expect(byDate.data.every((point) => /^\d{4}-\d{2}$/.test(point.date))).toBe(true);
  });

  it('chats: rooms, a full page of messages, unread counts and blocks', async () => {
    const client = await sandbox.login('member2');
    const { rooms } = await client.chats.listRooms();
    const room = rooms.find((entry) => (entry.message_count ?? 0) > CHAT_MESSAGES_PAGE_SIZE);
    if (!room) throw new Error('member2 has no long chat');
    expect(typeof room.online).toBe('boolean');
    const page = await client.chats.listMessages(room.id, { page: 1 });
    expect(page.messages).toHaveLength(CHAT_MESSAGES_PAGE_SIZE);
    const stamps = page.messages.map((message) => message.unix_timestamp);
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    expect((await client.chats.unreadCount()).count).toBeGreaterThanOrEqual(0);
    expect(Array.isArray((await client.chats.listBlocks()).blocks)).toBe(true);
  });

  it('payments: plans, offers and the subscription', async () => {
    const { client, id } = await member1();
    const { plans } = await client.payments.listPlans({ extrapolate: true });
    expect(plans[0]?.currency).toMatch(/^[A-Z]{3}$/);
    expect(typeof plans[0]?.monthly_price).toBe('number');
    const { offers } = await client.payments.listOffers();
    expect(offers.every((offer) => offer.archived === false)).toBe(true);
    const subscription = await client.payments.getSubscription(id);
    expect(subscription.status).toBe('ACTIVE');
    expect(subscription.active).toBe(true);
  });

  it('analytics: the daily-active-user event is acknowledged', async () => {
    const { client } = await member1();
    const answer = await client.analytics.dau({
      device: 'desktop',
      platform: 'web',
      metadata: {
        time: new Date().toISOString(),
        os: 'Linux',
        browser: 'Chromium',
        screen_size: '1920x1080',
        timezone: 'UTC',
      },
    });
    expect(answer.message).toBeTruthy();
  });
});
