import type { MatchmakerClient } from '@matchmaker/sdk';
import {
  activeEventSchema,
  chatEventSchemas,
  newMessageEventSchema,
  newNotificationEventSchema,
  notificationEventSchemas,
  onlineChatIds,
  onlineChatsEventSchema,
} from '@matchmaker/sdk/schemas';
import { io } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { eventSamples, type RunningSandbox, startSandbox } from '../../src/server';
import { loggedIn, sandbox } from '../support/sandbox';

const opened: MatchmakerClient[] = [];
afterEach(() => {
  for (const api of opened.splice(0)) api.realtime.dispose();
});

function next<T>(
  subscribe: (resolve: (value: T) => void) => () => void,
  what: string,
  timeoutMs = 4_000,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`timed out waiting for ${what}`));
    }, timeoutMs);
    const stop = subscribe((value) => {
      clearTimeout(timer);
      stop();
      resolve(value);
    });
  });
}

async function connected(box: RunningSandbox, who: string): Promise<MatchmakerClient> {
  const api = await loggedIn(box, who);
  await api.accounts.userInfo();
  opened.push(api);
  await api.realtime.connect();
  expect(api.realtime.chat.state).toBe('connected');
  return api;
}

const idOf = (box: RunningSandbox, who: string): string =>
  box.world.store.userByEmail(`${who}@sandbox.test`)?.keycloakId ?? '';

describe('realtime', () => {
  it('delivers new_message to the recipient when a message is sent over HTTP', async () => {
    const box = await sandbox();
    const sender = await connected(box, 'member1');
    const recipient = await connected(box, 'member2');
    const arrived = next<unknown>(
      (resolve) => recipient.realtime.chat.on('new_message', resolve),
      'new_message',
    );
    await sender.chats.sendMessage({
      recipient_id: idOf(box, 'member2'),
      message: 'Are you free on Sunday?',
    });
    const payload = newMessageEventSchema.parse(await arrived);
    expect(payload).toMatchObject({ message: 'Are you free on Sunday?', user_id: idOf(box, 'member1') });
  });

  it('turns typing into active for the other member of the room', async () => {
    const box = await sandbox();
    const typist = await connected(box, 'member1');
    const other = await connected(box, 'member2');
    const active = next<unknown>((resolve) => other.realtime.chat.on('active', resolve), 'active');
    expect(typist.realtime.chat.sendTyping({ recipient_id: idOf(box, 'member2'), isTyping: true })).toBe(
      true,
    );
    expect(activeEventSchema.parse(await active)).toMatchObject({
      user_id: idOf(box, 'member1'),
      isTyping: true,
    });
  });

  it('updates online_chats of contacts on connect and disconnect', async () => {
    const box = await sandbox();
    const watcher = await connected(box, 'member1');
    const cameOnline = next<unknown>(
      (resolve) =>
        watcher.realtime.chat.on('online_chats', (event) => {
          if (onlineChatIds(event).includes(idOf(box, 'member3'))) resolve(event);
        }),
      'member3 online',
    );
    const member3 = await connected(box, 'member3');
    onlineChatsEventSchema.parse(await cameOnline);
    const wentOffline = next<unknown>(
      (resolve) =>
        watcher.realtime.chat.on('online_chats', (event) => {
          if (!onlineChatIds(event).includes(idOf(box, 'member3'))) resolve(event);
        }),
      'member3 offline',
    );
    member3.realtime.disconnect();
    onlineChatsEventSchema.parse(await wentOffline);
  });

  it('emits new_notification for a match request and for its acceptance', async () => {
    const box = await sandbox();
    const sender = await connected(box, 'member1');
    const recipient = await connected(box, 'new');
    const requested = next<unknown>(
      (resolve) => recipient.realtime.notifications.on('new_notification', resolve),
      'request notification',
    );
    const request = (await sender.recommendations.sendRequest({ recipient_id: idOf(box, 'new') })) as {
      id: string;
    };
    expect(newNotificationEventSchema.parse(await requested)).toMatchObject({ related_id: request.id });
    const accepted = next<unknown>(
      (resolve) => sender.realtime.notifications.on('new_notification', resolve),
      'acceptance notification',
    );
    await recipient.recommendations.updateRequest({ id: request.id, status: 'ACCEPTED' });
    expect(newNotificationEventSchema.parse(await accepted)).toMatchObject({ related_id: request.id });
  });

  it('refuses a bad token with connect_error unauthorized / TOKEN_INVALID', async () => {
    const box = await sandbox();
    const socket = io(`${box.url}/chat`, {
      transports: ['websocket'],
      query: { token: 'not-a-token' },
      reconnection: false,
    });
    const error = await new Promise<Error & { data?: unknown }>((resolve) =>
      socket.on('connect_error', resolve),
    );
    socket.close();
    expect(error.message).toBe('unauthorized');
    expect(error.data).toEqual({ code: 'TOKEN_INVALID' });
  });

  it('sends token_expired on the chat socket when its token expires', async () => {
    const box = await sandbox({ accessTtlMs: 700 });
    const api = await loggedIn(box, 'member1');
    const token = await api.session.getAccessToken();
    const socket = io(`${box.url}/chat`, {
      transports: ['websocket'],
      query: { token: token ?? '' },
      reconnection: false,
    });
    const expired = await new Promise<unknown>((resolve, reject) => {
      socket.on('token_expired', resolve);
      setTimeout(() => reject(new Error('no token_expired')), 3_000);
    });
    socket.close();
    expect(expired).toBeTruthy();
  });

  it('keeps the SDK chat channel connected across token expiry (refresh and reconnect)', async () => {
    const box = await sandbox({ accessTtlMs: 800 });
    const api = await connected(box, 'member1');
    const before = await api.session.getAccessToken();
    const reconnected = next<void>(
      (resolve) => api.realtime.chat.on('connect', resolve),
      'reconnect after token_expired',
    );
    await reconnected;
    expect(await api.session.getAccessToken()).not.toBe(before);
    expect(api.realtime.chat.state).toBe('connected');
  });

  it('gives Pact message verification one real payload per event, each parsing with the SDK schema', async () => {
    const box = await sandbox();
    const samples = eventSamples(box.world);
    for (const [event, schema] of Object.entries(chatEventSchemas)) {
      const payload = samples[event as keyof typeof samples];
      expect(schema.safeParse(payload).success, event).toBe(true);
    }
    expect(notificationEventSchemas.new_notification.safeParse(samples.new_notification).success).toBe(true);
    expect(samples.new_message.message).toBeTruthy();
  });

  it('closes promptly with sockets still connected', async () => {
    const box = await startSandbox({ port: 0 });
    const api = await loggedIn(box, 'member1');
    const token = await api.session.getAccessToken();
    const socket = io(`${box.url}/chat`, {
      transports: ['websocket'],
      query: { token: token ?? '' },
      reconnection: false,
    });
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    const started = performance.now();
    const gone = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    await box.close();
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await gone).toBeTruthy();
    socket.close();
  });
});
