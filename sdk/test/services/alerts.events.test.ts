import { describe, expect, it } from 'vitest';
import { newNotificationEventSchema } from '../../src/schemas/notification';

describe('notification channel event schema', () => {
  it('new_notification: one notification, unknown keys kept, all fields optional', () => {
    const payload = { id: 'n-1', body: 'New match', related_id: 9, profilePhoto: null, type: 'MATCH' };
    expect(newNotificationEventSchema.parse(payload)).toEqual(payload);
    expect(newNotificationEventSchema.parse({})).toEqual({});
  });

  it('rejects a notification whose fields have the wrong type', () => {
    const result = newNotificationEventSchema.safeParse({ body: 42 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['body']);
  });
});
