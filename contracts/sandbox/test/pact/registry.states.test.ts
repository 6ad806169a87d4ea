import { describe, expect, it } from 'vitest';
import { CONTRACT_STATE_NAMES, CONTRACT_STATES, PROVIDER_STATES } from '../../src/server';
import { pathOf } from '../support/paths';
import { json, sandbox } from '../support/sandbox';

async function state(url: string, body: unknown) {
  const response = await fetch(`${url}/_pact/state`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await json<Record<string, unknown>>(response) };
}

describe('provider states', () => {
  it('creates a member with the id the consumer names, and answers it', async () => {
    const box = await sandbox({ pactStates: true });
    const { status, body } = await state(box.url, {
      state: 'a member {id} exists',
      params: { id: 'pact-user-1' },
      action: 'setup',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: 'pact-user-1' });
    const admin = await state(box.url, { state: 'an admin is logged in', action: 'setup' });
    const response = await fetch(`${box.url}${pathOf('admin.getUser', { id: 'pact-user-1' })}`, {
      headers: { authorization: String(admin.body.authorization) },
    });
    expect(response.status).toBe(200);
  });

  it('answers ids for fromProviderState and sets up an expired token', async () => {
    const box = await sandbox({ pactStates: true });
    const kyc = await state(box.url, { state: 'a KYC request {id} exists', params: {}, action: 'setup' });
    expect(typeof kyc.body.id).toBe('string');
    const expired = await state(box.url, { state: 'the access token has expired', action: 'setup' });
    const refused = await fetch(`${box.url}${pathOf('accounts.userInfo')}`, {
      headers: { authorization: `Bearer ${expired.body.accessToken}` },
    });
    expect(refused.status).toBe(403);
    const suspended = await state(box.url, { state: 'a suspended member is logged in', action: 'setup' });
    const blocked = await fetch(`${box.url}${pathOf('alerts.count')}`, {
      headers: { authorization: String(suspended.body.authorization) },
    });
    expect(blocked.status).toBe(406);
  });

  it('refuses unknown states with the list of known ones, and accepts teardown', async () => {
    const box = await sandbox({ pactStates: true });
    const unknown = await state(box.url, { state: 'the moon is blue', action: 'setup' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.known).toEqual(
      expect.arrayContaining(['a member {id} exists', 'an admin is logged in']),
    );
    expect(
      (await state(box.url, { state: 'a member {id} exists', params: { id: 'x' }, action: 'teardown' }))
        .status,
    ).toBe(200);
    const listed = await json<{ states: { name: string }[] }>(await fetch(`${box.url}/_pact/states`));
    expect(listed.states.length).toBe(Object.keys(PROVIDER_STATES).length);
  });

  it('implements every state the pacts name, and only through the typed map', () => {
    expect(Object.keys(CONTRACT_STATES).sort()).toEqual([...CONTRACT_STATE_NAMES].sort());
    for (const name of CONTRACT_STATE_NAMES) expect(Object.keys(PROVIDER_STATES)).toContain(name);
  });

  it('refuses an unknown action instead of running the setup', async () => {
    const box = await sandbox({ pactStates: true });
    const { status, body } = await state(box.url, {
      state: 'a member {id} exists',
      params: { id: 'pact-user-9' },
      action: 'destroy',
    });
    expect(status).toBe(400);
    expect(String(body.message)).toContain('destroy');
    expect(box.world.store.user('pact-user-9')).toBeUndefined();
  });

  it('resets to the seeded data', async () => {
    const box = await sandbox({ pactStates: true });
    box.world.store.data.features = [];
    await state(box.url, { state: 'the sandbox has its seeded data', action: 'setup' });
    expect(box.world.store.data.features.length).toBeGreaterThan(3);
  });
});

describe('provider states of the consumer pacts', () => {
  const params: Record<string, string> = {
    userId: 'pact-member-1',
    adminId: 'pact-admin-1',
    id: 'pact-member-2',
    matchId: 'pact-member-3',
    room: 'pact-room-1',
    email: 'chidi.nwosu@example.com',
    password: 'Chidi#Contract1',
    username: 'chidi_nwosu',
    token: 'one-time-token-1',
    newEmail: 'amara.new@example.com',
    expiredToken: 'expired-access-token',
    requestId: 'pact-kyc-1',
    documentId: 'pact-doc-1',
    filename: 'pact-image-1.png',
    code: 'CHAT',
    subfeature: 'CHAT_FILES',
    notificationId: 'pact-notification-1',
    recommendationId: 'pact-recommendation-1',
    messageId: 'pact-message-1',
    planId: 'pact-plan-1',
    offerId: 'pact-offer-1',
    start: '2026-01-01',
    end: '2026-01-31',
    count: '3',
    idPrefix: 'pact-listed-',
  };
  const paramsOf = (name: string) =>
    Object.fromEntries(
      [...name.matchAll(/\{(\w+)\}/g)].map((match) => [match[1], params[match[1] as string]]),
    );

  it('sets up every registered state with the parameters its name declares', async () => {
    const box = await sandbox({ pactStates: true });
    const names = Object.keys(PROVIDER_STATES);
    const mutual = 'members {userId} and {matchId} are mutual matches with the chat room {room}';
    for (const name of [mutual, ...names.filter((entry) => entry !== mutual)]) {
      const { status, body } = await state(box.url, { state: name, params: paramsOf(name), action: 'setup' });
      expect(status, `${name}: ${JSON.stringify(body)}`).toBe(200);
    }
  });

  it('makes the records the pacts name, with their exact ids', async () => {
    const box = await sandbox({ pactStates: true });
    const setup = async (name: string) => {
      const { status, body } = await state(box.url, { state: name, params: paramsOf(name), action: 'setup' });
      expect(status, JSON.stringify(body)).toBe(200);
      return body;
    };
    const session = await setup('a member {userId} is logged in');
    const headers = { authorization: `Bearer ${session.accessToken}` };
    await setup('members {userId} and {matchId} are mutual matches with the chat room {room}');
    await setup('member {matchId} sent member {userId} the message {messageId} in the chat room {room}');
    await setup('member {matchId} shared the file {filename} in the chat room {room}');
    const messages = await fetch(
      `${box.url}${pathOf('chats.listMessages', { room: 'pact-room-1' })}?page=1&per_page=20`,
      { headers },
    );
    const list = (await messages.json()) as { messages: { id: string }[] };
    expect(list.messages.map((message) => message.id)).toContain('pact-message-1');
    const file = await fetch(`${box.url}${pathOf('chats.getFile', { filename: 'pact-image-1.png' })}`, {
      headers,
    });
    expect(file.headers.get('content-type')).toBe('image/png');

    await setup('member {userId} has the notification {notificationId}');
    const notification = await fetch(
      `${box.url}${pathOf('alerts.getNotification', { id: 'pact-notification-1' })}`,
      { headers },
    );
    expect(((await notification.json()) as { profilePhoto: string | null }).profilePhoto).toMatch(/^http/);

    await setup('the access token {expiredToken} of member {userId} has expired');
    const expired = await fetch(`${box.url}${pathOf('accounts.userInfo')}`, {
      headers: { authorization: 'Bearer expired-access-token' },
    });
    expect(expired.status).toBe(403);

    const admin = await setup('an admin {adminId} is logged in');
    await setup('member {id} has a pending KYC request {requestId} with the document {documentId}');
    const doc = await fetch(`${box.url}${pathOf('kyc.getDocument', { id: 'pact-doc-1' })}`, {
      headers: { authorization: `Bearer ${admin.accessToken}` },
    });
    expect(doc.headers.get('content-type')).toBe('application/pdf');

    await setup('members used search filters and exchanged match requests between {start} and {end}');
    const metrics = await fetch(
      `${box.url}${pathOf('recommendations.matchMetrics')}?start=2026-01-01&end=2026-01-31`,
      {
        headers: { authorization: `Bearer ${admin.accessToken}` },
      },
    );
    expect(await metrics.json()).toMatchObject({ created: 3, accepted: 1, rejected: 1 });
  });
});

describe('contract states that build on each other', () => {
  it('mutual matches are not left blocking each other by an earlier state', async () => {
    const box = await sandbox({ pactStates: true });
    const pair = { userId: 'pact-member-1', id: 'pact-member-2' };
    await state(box.url, { state: 'member {userId} blocked member {id}', params: pair, action: 'setup' });
    expect(box.world.store.isBlocked('pact-member-1', 'pact-member-2')).toBe(true);
    await state(box.url, {
      state: 'members {userId} and {matchId} are mutual matches with the chat room {room}',
      params: { userId: 'pact-member-1', matchId: 'pact-member-2', room: 'pact-room-1' },
      action: 'setup',
    });
    expect(box.world.store.isBlocked('pact-member-1', 'pact-member-2')).toBe(false);
  });
});

describe('contract states that clear what an earlier interaction left', () => {
  it('a member who exists is visible again: no block either way, no match request left', async () => {
    const box = await sandbox({ pactStates: true });
    const pair = { userId: 'pact-member-1', id: 'pact-member-2' };
    await state(box.url, { state: 'member {userId} blocked member {id}', params: pair, action: 'setup' });
    await state(box.url, {
      state: 'member {id} sent member {userId} the match request {requestId}',
      params: { ...pair, requestId: 'pact-match-request-1' },
      action: 'setup',
    });
    await state(box.url, { state: 'a member {userId} is logged in', params: pair, action: 'setup' });
    await state(box.url, { state: 'a member {id} exists', params: pair, action: 'setup' });
    expect(box.world.store.isBlocked('pact-member-1', 'pact-member-2')).toBe(false);
    expect(box.world.store.isBlocked('pact-member-2', 'pact-member-1')).toBe(false);
    const left = box.world.store.data.matchRequests.filter((request) =>
      [request.user_id, request.recipient_id].includes('pact-member-2'),
    );
    expect(left).toEqual([]);
  });
});

describe('provider state parameters', () => {
  it('answers 400 naming the parameter that is missing or malformed', async () => {
    const box = await sandbox({ pactStates: true });
    const missing = await state(box.url, { state: 'a member {id} exists', params: {}, action: 'setup' });
    expect(missing.status).toBe(400);
    expect(String(missing.body.message)).toContain("'id'");
    const malformed = await state(box.url, {
      state: 'member {userId} has {count} pending recommendations',
      params: { userId: 'pact-member-1', count: 'many' },
      action: 'setup',
    });
    expect(malformed.status).toBe(400);
    expect(String(malformed.body.message)).toContain("'count'");
  });
});
