import { describe, expect, it } from 'vitest';
import {
  activeEventSchema,
  newMessageEventSchema,
  onlineChatIds,
  onlineChatsEventSchema,
  tokenExpiredEventSchema,
} from '../../src/schemas/chat';

describe('chat channel event schemas', () => {
  it('new_message: a chat message, unknown keys kept', () => {
    const payload = {
      id: 1,
      room: 'r',
      user_id: 'a',
      recipient_id: 'b',
      message: 'hi',
      unix_timestamp: '17',
      extra: 1,
    };
    expect(newMessageEventSchema.parse(payload)).toEqual(payload);
    expect(newMessageEventSchema.safeParse({ message: 5 }).success).toBe(false);
    expect(newMessageEventSchema.safeParse('hi').success).toBe(false);
  });

  it('active: room and/or member with isTyping, all optional', () => {
    expect(activeEventSchema.parse({ room: 'r', isTyping: true })).toEqual({ room: 'r', isTyping: true });
    expect(activeEventSchema.parse({ user_id: 4, active: true })).toEqual({ user_id: 4, active: true });
    expect(activeEventSchema.safeParse({ isTyping: 'yes' }).success).toBe(false);
  });

  it('online_chats: a bare list or {users}/{rooms}, of ids or records', () => {
    expect(onlineChatIds(onlineChatsEventSchema.parse(['a', 2]))).toEqual(['a', '2']);
    expect(
      onlineChatIds(
        onlineChatsEventSchema.parse({
          users: [{ user_id: 'a', online: true }, { user_id: 'b', online: false }, 'c'],
          rooms: [{ room: 'r1' }],
        }),
      ),
    ).toEqual(['a', 'c', 'r1']);
    expect(onlineChatIds(onlineChatsEventSchema.parse({}))).toEqual([]);
    expect(onlineChatsEventSchema.safeParse('a').success).toBe(false);
  });

  it('token_expired: any payload or none is accepted', () => {
    for (const payload of [undefined, null, 'expired', 7, { message: 'jwt expired' }, []]) {
      expect(tokenExpiredEventSchema.safeParse(payload).success).toBe(true);
    }
  });
});
