/**
 * A call that acts on another member answers 409 `OWN_ACCOUNT` when it names the caller, as an
 * admin's lock-out of their own account does: a message, a block or unblock, a report and a match
 * request to oneself. The request is well formed (the same body from anyone else is fine), so it
 * is not a 400; nothing changes.
 */
import { describe, expect, it } from 'vitest';
import { loggedIn, refusal, sandbox } from '../support/sandbox';

describe("a member's own account as the other party", () => {
  it('answers 409 OWN_ACCOUNT to a message, block, unblock, report or match request to oneself', async () => {
    const box = await sandbox();
    const member = box.world.store.userByEmail('member1@sandbox.test');
    if (!member) throw new Error('member1 is missing');
    const self = member.keycloakId;
    const api = await loggedIn(box, 'member1');
    const before = {
      blocks: [...box.world.store.blocksOf(self)],
      reports: box.world.store.data.reports.length,
      requests: box.world.store.data.matchRequests.length,
    };
    const calls = {
      message: () => api.chats.sendMessage({ recipient_id: self, message: 'Hello me' }),
      block: () => api.chats.updateBlocks({ user_id: self, blocked: true }),
      unblock: () => api.chats.updateBlocks({ user_id: self, blocked: false }),
      report: () => api.chats.report({ reported_user_id: self, reason: 'Testing' }),
      'match request': () => api.recommendations.sendRequest({ recipient_id: self }),
    };
    for (const [action, call] of Object.entries(calls)) {
      const { status, body } = await refusal(call());
      expect(status, action).toBe(409);
      expect(body, action).toEqual({ message: expect.stringContaining('yourself'), code: 'OWN_ACCOUNT' });
    }
    expect({
      blocks: box.world.store.blocksOf(self),
      reports: box.world.store.data.reports.length,
      requests: box.world.store.data.matchRequests.length,
    }).toEqual(before);
  });
});
