/**
 * Walks a demo journey that makes every call of the catalogue once, through the SDK, and parses
 * every answer with the entry's response schema (the sandbox also checks its own answers, since
 * tests start it with `checkResponses`).
 */
import type { EndpointId, MatchmakerClient } from '@matchmaker/sdk';
import { endpointList, endpoints } from '@matchmaker/sdk/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/server';
import { client, json, loggedIn, sandbox } from '../support/sandbox';

interface Ctx {
  box: RunningSandbox;
  member: MatchmakerClient;
  admin: MatchmakerClient;
  journey: MatchmakerClient;
  vars: Record<string, string>;
}

const JOURNEY_EMAIL = 'journey.user@example.test';
const JOURNEY_PASSWORD = 'Journey#2026';

type Obj = Record<string, unknown>;
const obj = (value: unknown): Obj => value as Obj;
const list = (value: unknown, key: string): Obj[] => obj(value)[key] as Obj[];

async function latestToken(ctx: Ctx, to: string, kind: string): Promise<string> {
  const response = await fetch(`${ctx.box.url}/sandbox/outbox.json?to=${encodeURIComponent(to)}`);
  const { emails } = await json<{ emails: { kind: string; token: string; link: string }[] }>(response);
  const email = emails.find((entry) => entry.kind === kind);
  if (!email) throw new Error(`no ${kind} email to ${to}`);
  expect(email.link).toContain(email.token);
  return email.token;
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type Step = (ctx: Ctx) => Promise<unknown>;

const steps: Record<EndpointId, Step> = {
  'accounts.register': (c) =>
    c.journey.accounts.register({
      first_name: 'Journey',
      last_name: 'User',
      username: 'journey.user',
      date_of_birth: '1994-05-12',
      sex: 'female',
      email: JOURNEY_EMAIL,
      password: JOURNEY_PASSWORD,
      agreed_to_terms: true,
      referrer: 'sarah.mitchell',
    }),
  'accounts.sendAccountVerification': (c) =>
    c.journey.accounts.sendAccountVerification({ email: JOURNEY_EMAIL }),
  'accounts.confirm': async (c) =>
    c.journey.accounts.confirm({ token: await latestToken(c, JOURNEY_EMAIL, 'account-confirmation') }),
  'accounts.verifyUsername': async (c) => {
    const answer = obj(await c.journey.accounts.verifyUsername({ username: 'journey.user' }));
    expect(answer.available).toBe(false);
    return answer;
  },
  'accounts.login': (c) => c.journey.accounts.login({ email: JOURNEY_EMAIL, password: JOURNEY_PASSWORD }),
  'accounts.userInfo': async (c) => {
    const user = await c.journey.accounts.userInfo();
    c.vars.journeyId = String(user.keycloakId);
    expect(user.roles).toEqual(['General']);
    return user;
  },
  'accounts.oauthUpdate': (c) => c.journey.accounts.oauthUpdate({ first_name: 'Journie' }),
  'accounts.publicProfile': async (c) => c.member.accounts.publicProfile(c.vars.member2 as string),
  'accounts.bulkProfiles': async (c) => {
    const answer = await c.member.accounts.bulkProfiles({
      users: [c.vars.member2 as string, c.vars.member3 as string],
    });
    expect(answer?.profiles).toHaveLength(2);
    return answer;
  },
  'accounts.bulkStatus': (c) => c.member.accounts.bulkStatus({ users: [c.vars.member2 as string] }),
  'accounts.refreshToken': async (c) => {
    const tokens = await c.journey.session.getTokens();
    const answer = await c.journey.accounts.refreshToken({ refresh_token: tokens?.refreshToken ?? '' });
    await c.journey.session.setTokens({
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token,
    });
    return answer;
  },
  'accounts.forgotPassword': (c) => c.journey.accounts.forgotPassword({ email: JOURNEY_EMAIL }),
  'accounts.resetPassword': async (c) =>
    c.journey.accounts.resetPassword({
      email: JOURNEY_EMAIL,
      token: await latestToken(c, JOURNEY_EMAIL, 'password-reset'),
      new_password: 'Journey#Reset1',
    }),
  'accounts.changePassword': async (c) => {
    // The reset ended every session of the account: log in again with the new password.
    await c.journey.accounts.login({ email: JOURNEY_EMAIL, password: 'Journey#Reset1' });
    return c.journey.accounts.changePassword({
      old_password: 'Journey#Reset1',
      new_password: JOURNEY_PASSWORD,
    });
  },
  'accounts.initiateEmailChange': (c) =>
    c.journey.accounts.initiateEmailChange({
      new_email: 'journey.new@example.test',
      password: JOURNEY_PASSWORD,
    }),
  'accounts.changeEmail': async (c) =>
    c.journey.accounts.changeEmail({
      new_email: 'journey.new@example.test',
      token: await latestToken(c, 'journey.new@example.test', 'email-change'),
    }),
  'accounts.initiateUsernameChange': (c) =>
    c.journey.accounts.initiateUsernameChange({ username: 'journey.renamed' }),
  'accounts.changeUsername': async (c) =>
    c.journey.accounts.changeUsername({
      username: 'journey.renamed',
      token: await latestToken(c, 'journey.new@example.test', 'username-change'),
    }),
  'accounts.updateLocation': (c) =>
    c.journey.accounts.updateLocation({
      city: 'Accra',
      country: 'Ghana',
      country_code: 'GH',
      latitude: 5.6037,
      longitude: -0.187,
    }),
  'accounts.deactivate': (c) => c.journey.accounts.deactivate(),
  'accounts.activate': (c) => c.journey.accounts.activate(),
  'accounts.initiateAccountDeletion': (c) =>
    c.journey.accounts.initiateAccountDeletion(c.vars.journeyId as string),

  'settings.get': (c) => c.member.settings.get(),
  'settings.create': (c) =>
    c.member.settings.create({ allow_newsletter: false, notification_interval: 'weekly' }),
  'settings.update': async (c) => {
    const answer = obj(await c.member.settings.update({ hide_basic_info: true }));
    expect(answer.allow_newsletter).toBe(false);
    expect(answer.hide_basic_info).toBe(true);
    return answer;
  },
  'devices.register': (c) =>
    c.member.devices.register({ location: 'Atlanta, United States', type: 'BROWSER', active: true }),
  'locations.search': async (c) => {
    const place = await c.member.locations.search({ latitude: 33.75, longitude: -84.39 });
    expect(place).toMatchObject({ city: 'Atlanta', country_code: 'US' });
    return place;
  },
  'analytics.dau': (c) =>
    c.member.analytics.dau({
      device: 'desktop',
      platform: 'web',
      metadata: {
        time: new Date().toISOString(),
        os: 'Linux',
        browser: 'Firefox',
        screen_size: '1920x1080',
        timezone: 'UTC',
      },
    }),

  'recommendations.list': async (c) => {
    const answer = await c.member.recommendations.list({ page: 1 });
    const recs = list(answer, 'recommendations');
    expect(recs).toHaveLength(50);
    c.vars.rec = String(recs[0]?.id);
    c.vars.requestTarget = String(recs[1]?.recipient_id);
    return answer;
  },
  'recommendations.respond': (c) =>
    c.member.recommendations.respond(c.vars.rec as string, { status: 'ACCEPTED' }),
  'recommendations.sendRequest': (c) =>
    c.member.recommendations.sendRequest({ recipient_id: c.vars.requestTarget as string }),
  'recommendations.listRequests': async (c) => {
    const answer = await c.member.recommendations.listRequests();
    const incoming = list(answer, 'requests').find(
      (entry) => entry.direction === 'incoming' && entry.status === 'PENDING',
    );
    c.vars.incoming = String(incoming?.id);
    return answer;
  },
  'recommendations.updateRequest': (c) =>
    c.member.recommendations.updateRequest({ id: c.vars.incoming as string, status: 'ACCEPTED' }),
  'recommendations.listMutual': async (c) => {
    const answer = await c.member.recommendations.listMutual();
    expect(list(answer, 'matches').length).toBeGreaterThanOrEqual(8);
    return answer;
  },

  'alerts.listNotifications': async (c) => {
    const answer = await c.member.alerts.listNotifications();
    c.vars.notification = String(answer.notifications[0]?.id);
    return answer;
  },
  'alerts.getNotification': (c) => c.member.alerts.getNotification(c.vars.notification as string),
  'alerts.markAllRead': (c) => c.member.alerts.markAllRead(),
  'alerts.count': async (c) => {
    const answer = obj(await c.member.alerts.count());
    expect(answer.count).toBe(0);
    return answer;
  },
  'alerts.deleteNotification': (c) => c.member.alerts.deleteNotification(c.vars.notification as string),

  'chats.listRooms': async (c) => {
    const answer = await c.member.chats.listRooms();
    const room = list(answer, 'rooms').find((entry) => entry.user_id === c.vars.member2);
    expect(room?.message_count).toBe(5_000);
    c.vars.room = String(room?.id);
    return answer;
  },
  'chats.listMessages': async (c) => {
    const answer = await c.member.chats.listMessages(c.vars.room as string, { page: 1 });
    const messages = list(answer, 'messages');
    expect(messages).toHaveLength(20);
    c.vars.received = JSON.stringify(
      messages.filter((m) => m.recipient_id === c.vars.member1).map((m) => m.id),
    );
    return answer;
  },
  'chats.sendMessage': (c) =>
    c.member.chats.sendMessage({ recipient_id: c.vars.member2 as string, message: 'Hello from the journey' }),
  'chats.updateMessageStatus': (c) =>
    c.member.chats.updateMessageStatus({
      ids: JSON.parse(c.vars.received as string) as string[],
      status: 'READ',
    }),
  'chats.unreadCount': (c) => c.member.chats.unreadCount(),
  'chats.getFile': async (c) => {
    const file = Object.values(c.box.world.store.data.chatFiles).find((entry) => entry.room === c.vars.room);
    const blob = await c.member.chats.getFile(file?.filename ?? 'missing');
    expect(blob.type).toBe('image/png');
    expect(
      Buffer.from(await blob.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    return blob;
  },
  'chats.updateBlocks': (c) =>
    c.member.chats.updateBlocks({ user_id: c.vars.member3 as string, blocked: true }),
  'chats.listBlocks': async (c) => {
    const answer = await c.member.chats.listBlocks();
    expect(list(answer, 'blocks').map((entry) => entry.user_id)).toContain(c.vars.member3);
    await c.member.chats.updateBlocks({ user_id: c.vars.member3 as string, blocked: false });
    return answer;
  },
  'chats.report': (c) =>
    c.member.chats.report({ reported_user_id: c.vars.requestTarget as string, reason: 'spam' }),

  'images.upload': async (c) => {
    const answer = obj(
      await c.member.images.upload({
        file: new Blob([PNG], { type: 'image/png' }),
        filename: 'me.png',
        image_type: 'Gallery Photo',
      }),
    );
    c.vars.upload = String(answer.filename);
    return answer;
  },
  'images.list': (c) => c.member.images.list(c.vars.member1 as string),
  'images.getProfileImage': (c) => c.member.images.getProfileImage(c.vars.member2 as string),
  'images.get': (c) => c.member.images.get(c.vars.upload as string),
  'images.edit': (c) => c.member.images.edit(c.vars.upload as string, { caption: 'At the lake' }),
  'images.uploadContact': (c) =>
    c.member.images.uploadContact({ file: new Blob([PNG], { type: 'image/png' }), filename: 'contact.png' }),
  'images.bulk': (c) =>
    c.member.images.bulk({
      users: [c.vars.member2 as string, c.vars.member3 as string],
      image_type: 'Profile Photo',
    }),
  'images.delete': (c) => c.member.images.delete(c.vars.upload as string),

  'payments.listPlans': (c) => c.member.payments.listPlans({ extrapolate: true }),
  'payments.getPlan': (c) => c.member.payments.getPlan('plan-premium'),
  'payments.listOffers': (c) => c.member.payments.listOffers(),
  'payments.getSubscription': async (c) => {
    const answer = obj(await c.member.payments.getSubscription(c.vars.member1 as string));
    expect(answer.status).toBe('ACTIVE');
    return answer;
  },
  'features.list': (c) => c.member.features.list(),

  'kyc.listUserRequests': async (c) => {
    const answer = await c.member.kyc.listUserRequests(c.vars.member1 as string);
    const request = list(answer, 'requests')[0];
    c.vars.kyc = String(request?.id);
    c.vars.document = String(((request?.documents ?? []) as Obj[])[0]?.id);
    return answer;
  },
  'kyc.getUserRequest': (c) => c.member.kyc.getUserRequest(c.vars.member1 as string, c.vars.kyc as string),
  'kyc.getDocument': async (c) => {
    const blob = await c.member.kyc.getDocument(c.vars.document as string);
    expect(['image/png', 'application/pdf']).toContain(blob.type);
    expect(blob.size).toBeGreaterThan(100);
    return blob;
  },

  'admin.searchUsers': async (c) => {
    const answer = await c.admin.admin.searchUsers({ page: 2, filters: { religion: 'hindu' } });
    const users = list(answer, 'users');
    expect(users.every((user) => user.religion === 'hindu')).toBe(true);
    c.vars.target = String(users[0]?.keycloakId);
    return answer;
  },
  'admin.getUser': (c) => c.admin.admin.getUser(c.vars.target as string),
  'admin.deactivateUser': (c) => c.admin.admin.deactivateUser(c.vars.target as string),
  'admin.reactivateUser': (c) => c.admin.admin.reactivateUser(c.vars.target as string),
  'admin.suspendUser': (c) => c.admin.admin.suspendUser(c.vars.target as string),
  'admin.changeUserEmail': (c) =>
    c.admin.admin.changeUserEmail(c.vars.target as string, { email: 'changed.by.admin@example.test' }),
  'admin.changeUserRole': (c) => c.admin.admin.changeUserRole(c.vars.target as string, { role: 'General' }),
  'admin.confirmUser': (c) => c.admin.admin.confirmUser(c.vars.target as string),
  'admin.updateUser': (c) =>
    c.admin.admin.updateUser(c.vars.target as string, { occupation: 'Teacher', height: 170 }),
  'admin.deleteUser': (c) => c.admin.admin.deleteUser(c.vars.target as string),
  'admin.createUser': (c) =>
    c.admin.admin.createUser({
      first_name: 'Created',
      last_name: 'ByStaff',
      username: 'created.by.staff',
      date_of_birth: '1990-01-01',
      sex: 'male',
      email: 'created.by.staff@example.test',
      password: 'Created#2026',
    }),
  'admin.userAggregations': async (c) => {
    const answer = obj(
      await c.admin.admin.userAggregations({ date_type: 'month', start_date: '2025-01-01' }),
    );
    expect((answer.registrations as unknown[]).length).toBeGreaterThan(6);
    return answer;
  },
  'admin.listReferrals': (c) => c.admin.admin.listReferrals({ page: 1, username: 'sarah.mitchell' }),
  'admin.getUserLogs': (c) => c.admin.admin.getUserLogs(c.vars.member1 as string),
  'admin.searchVisits': (c) => c.admin.admin.searchVisits({ page: 1, filters: { device: 'mobile' } }),
  'admin.visitAggregations': (c) => c.admin.admin.visitAggregations({ date_type: 'day' }),

  'kyc.metrics': (c) => c.admin.kyc.metrics({ date_type: 'week' }),
  'kyc.listRequests': async (c) => {
    const answer = await c.admin.kyc.listRequests({ page: 1, status: 'PENDING' });
    expect(answer.requests.length).toBeGreaterThan(0);
    c.vars.review = String(answer.requests[0]?.id);
    return answer;
  },
  'kyc.reviewRequest': (c) => c.admin.kyc.reviewRequest(c.vars.review as string, { status: 'APPROVED' }),

  'images.listFlagged': async (c) => {
    const answer = await c.admin.images.listFlagged({ page: 1 });
    const images = list(answer, 'images');
    expect(images.length).toBeGreaterThanOrEqual(20);
    c.vars.flagged = String(images[0]?.filename);
    return answer;
  },
  'images.decideFlagged': (c) =>
    c.admin.images.decideFlagged({ filename: c.vars.flagged as string, approved: true }),
  'features.toggle': (c) => c.admin.features.toggle('REFERRALS'),
  'features.toggleSubfeature': (c) =>
    c.admin.features.toggleSubfeature('CHAT', { subfeature: 'READ_RECEIPTS' }),

  'recommendations.popularPreferences': (c) => c.admin.recommendations.popularPreferences(),
  'recommendations.usedFilters': (c) =>
    c.admin.recommendations.usedFilters({ start: '2020-01-01', end: '2100-01-01' }),
  'recommendations.matchMetrics': async (c) => {
    const answer = await c.admin.recommendations.matchMetrics({ start: '2020-01-01', end: '2100-01-01' });
    expect(answer.created).toBeGreaterThan(1_000);
    return answer;
  },
  'recommendations.aggregateByDate': (c) =>
    c.admin.recommendations.aggregateByDate({
      date_type: 'day',
      start_date: '2025-12-01',
      status: 'ACCEPTED',
    }),

  'accounts.logout': (c) => c.journey.accounts.logout(),
};

describe('demo journey', () => {
  const ctx = {} as Ctx;

  beforeAll(async () => {
    ctx.box = await sandbox();
    ctx.member = await loggedIn(ctx.box, 'member1');
    ctx.admin = await loggedIn(ctx.box, 'admin');
    ctx.journey = client(ctx.box);
    const ids: Record<string, string> = {};
    for (const n of [1, 2, 3]) {
      const user = ctx.box.world.store.userByEmail(`member${n}@sandbox.test`);
      ids[`member${n}`] = user?.keycloakId ?? '';
    }
    ctx.vars = ids;
  });

  it('has one step for each catalogue entry', () => {
    expect(Object.keys(steps).sort()).toEqual(endpointList.map((entry) => entry.id).sort());
    expect(endpointList).toHaveLength(92);
  });

  it('answers every call with what the SDK schema accepts', async () => {
    for (const [id, step] of Object.entries(steps) as [EndpointId, Step][]) {
      let answer: unknown;
      try {
        answer = await step(ctx);
      } catch (error) {
        throw new Error(`${id} failed: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      }
      const entry = endpoints[id];
      if (entry.response === 'binary') expect(answer, id).toBeInstanceOf(Blob);
      else if (id !== 'accounts.logout') {
        const parsed = entry.response.safeParse(answer);
        expect(parsed.success, `${id}: ${parsed.error?.message ?? ''}`).toBe(true);
      }
    }
  });
});
