/**
 * Broken answers are refused with a ContractError naming the field, service by service. Each case
 * takes the reference provider's real answer (read through the SDK from a sandbox), breaks one
 * thing a client relies on (a required field gone, an enum value in another casing) and serves
 * it from a plain node:http server to a second client.
 */
import { describe, expect, it } from 'vitest';
import { ContractError, type MatchmakerClient } from '../../src/index';
import { testClient } from '../support/client';
import { useSandbox } from '../support/sandbox';
import { useTestServer } from '../support/server';

const sandbox = useSandbox();
const server = useTestServer();

type Json = Record<string, unknown>;

interface Case {
  service: string;
  who: string;
  /** The call, made against the sandbox first and against the broken server second. */
  call: (client: MatchmakerClient, ids: { member: string; room: string }) => Promise<unknown>;
  /** Breaks the answer in place. */
  breakIt: (answer: Json) => void;
  /** The field the ContractError must name. */
  path: string;
}

const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const first = (answer: Json, key: string): Json => {
  const list = answer[key];
  const entry: unknown = Array.isArray(list) ? list[0] : undefined;
  if (!isJson(entry)) throw new Error(`the answer has no ${key}[0] to break`);
  return entry;
};

const DAU = {
  device: 'desktop',
  platform: 'web',
  metadata: {
    time: '2026-01-05T10:00:00Z',
    os: 'Linux',
    browser: 'Chromium',
    screen_size: '1x1',
    timezone: 'UTC',
  },
};

const cases: Case[] = [
  {
    service: 'accounts',
    who: 'member1',
    call: (c) => c.accounts.userInfo(),
    breakIt: (a) => {
      delete a.roles;
    },
    path: 'roles',
  },
  {
    service: 'settings',
    who: 'member1',
    call: (c) => c.settings.get(),
    breakIt: (a) => {
      a.allow_newsletter = 'yes';
    },
    path: 'allow_newsletter',
  },
  {
    service: 'devices',
    who: 'member1',
    call: (c) => c.devices.register({ location: 'Lagos, Nigeria', type: 'BROWSER', active: true }),
    breakIt: (a) => {
      delete a.id;
    },
    path: 'id',
  },
  {
    service: 'locations',
    who: 'member1',
    call: (c) => c.locations.search({ latitude: 6.45, longitude: 3.4 }),
    breakIt: (a) => {
      delete a.country_code;
    },
    path: 'country_code',
  },
  {
    service: 'admin',
    who: 'admin',
    call: (c) => c.admin.searchUsers({ page: 1 }),
    breakIt: (a) => {
      first(a, 'users').status = 'ACTIVE';
    },
    path: 'users[0].status',
  },
  {
    service: 'kyc',
    who: 'admin',
    call: (c) => c.kyc.listRequests({ page: 1 }),
    breakIt: (a) => {
      first(a, 'requests').status = 'pending';
    },
    path: 'requests[0].status',
  },
  {
    service: 'images',
    who: 'member1',
    call: (c, ids) => c.images.list(ids.member),
    breakIt: (a) => {
      delete first(a, 'images').filename;
    },
    path: 'images[0].filename',
  },
  {
    service: 'features',
    who: 'member1',
    call: (c) => c.features.list(),
    breakIt: (a) => {
      first(a, 'features').enabled = 'on';
    },
    path: 'features[0].enabled',
  },
  {
    service: 'alerts',
    who: 'member1',
    call: (c) => c.alerts.listNotifications(),
    breakIt: (a) => {
      first(a, 'notifications').type = 'match_request';
    },
    path: 'notifications[0].type',
  },
  {
    service: 'recommendations',
    who: 'member1',
    call: (c) => c.recommendations.list({ page: 1 }),
    breakIt: (a) => {
      delete a.total_pages;
    },
    path: 'total_pages',
  },
  {
    service: 'chats',
    who: 'member1',
    call: (c, ids) => c.chats.listMessages(ids.room, { page: 1 }),
    breakIt: (a) => {
      first(a, 'messages').status = 'read';
    },
    path: 'messages[0].status',
  },
  {
    service: 'payments',
    who: 'member1',
    call: (c, ids) => c.payments.getSubscription(ids.member),
    breakIt: (a) => {
      a.status = 'active';
    },
    path: 'status',
  },
  {
    service: 'analytics',
    who: 'member1',
    call: (c) => c.analytics.dau(DAU),
    breakIt: (a) => {
      delete a.message;
    },
    path: 'message',
  },
];

async function idsOf(client: MatchmakerClient) {
  const user = await client.accounts.userInfo();
  const { rooms } = await client.chats.listRooms();
  return { member: user.keycloakId ?? '', room: String(rooms[0]?.id ?? '') };
}

describe('broken answers are refused naming the field', () => {
  it.each(cases)('$service: $path', async ({ who, call, breakIt, path }) => {
    const real = await sandbox.login(who);
    const ids = await idsOf(await sandbox.login('member1'));
    const answer: unknown = structuredClone(await call(real, ids));
    if (!isJson(answer)) throw new Error('the sandbox answered no object');
    const broken: Json = { ...answer };
    breakIt(broken);
    server.handle(() => ({ body: broken }));
    const error = await call(testClient(server.url), ids).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect(error).toMatchObject({ direction: 'response', path });
    expect(error instanceof ContractError && error.message).toContain(`response.${path}`);
  });

  it('the unbroken answer passes, so each break is what fails', async () => {
    const client = await sandbox.login('member1');
    const answer = await client.recommendations.list({ page: 1 });
    server.handle(() => ({ body: answer }));
    await expect(testClient(server.url).recommendations.list({ page: 1 })).resolves.toEqual(answer);
  });
});
