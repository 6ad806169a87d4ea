/**
 * Every free-text field and every open body has limits (the SDK's request schemas carry them, the
 * sandbox validates with those schemas): an oversized or absurdly nested body is refused with a
 * field error and changes nothing, and with --data later changes still reach the file.
 */
import { join } from 'node:path';
import { BODY_LIMITS, TEXT_LIMITS } from '@matchmaker/sdk/schemas';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/server';
import { accessToken, call } from '../support/http';
import { pathOf } from '../support/paths';
import { sandbox } from '../support/sandbox';
import { scratchDir } from '../support/scratch';

/** `{ a: { a: ... } }` `levels` deep, as JSON text (built without recursion). */
function nestedJson(levels: number): string {
  return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

describe('request limits', () => {
  it('refuses an oversized chat message, and the room list stays small', async () => {
    const box = await sandbox();
    const token = await accessToken(box.url, 'member1');
    const to = box.world.store.userByEmail('member2@sandbox.test')?.keycloakId ?? '';
    const huge = await call(box.url, token, 'POST', pathOf('chats.sendMessage'), {
      recipient_id: to,
      message: 'x'.repeat(10 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);
    const over = await call(box.url, token, 'POST', pathOf('chats.sendMessage'), {
      recipient_id: to,
      message: 'x'.repeat(TEXT_LIMITS.message + 1),
    });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ errors: [{ path: 'body.message' }] });
    const fits = await call(box.url, token, 'POST', pathOf('chats.sendMessage'), {
      recipient_id: to,
      message: 'x'.repeat(TEXT_LIMITS.message),
    });
    expect(fits.status).toBe(200);
    const rooms = await fetch(`${box.url}${pathOf('chats.listRooms')}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await rooms.text()).length).toBeLessThan(200_000);
  });

  it('refuses a registration with a megabyte last name, and one just over the limit', async () => {
    const box = await sandbox();
    const users = Object.keys(box.world.store.data.users).length;
    const register = (last_name: string) =>
      call(box.url, undefined, 'POST', pathOf('accounts.register'), {
        first_name: 'Long',
        last_name,
        username: 'long.name',
        date_of_birth: '1990-01-01',
        sex: 'female',
        email: 'long.name@example.test',
        password: 'Sandbox#2026',
        agreed_to_terms: true,
      });
    expect((await register('x'.repeat(1024 * 1024))).status).toBe(413);
    expect((await register('x'.repeat(512 * 1024))).status).toBe(400);
    const over = await register('x'.repeat(TEXT_LIMITS.name + 1));
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ errors: [{ path: 'body.last_name' }] });
    expect(Object.keys(box.world.store.data.users)).toHaveLength(users);
    expect((await register('Name')).status).toBe(200);
  });

  it('refuses open bodies nested too deep or too large, keeps nothing, and --data goes on saving', async () => {
    const dir = scratchDir('sandbox-limits-');
    const file = join(dir, 'state.json');
    const box = await startSandbox({ port: 0, dataFile: file, checkResponses: true });
    const token = await accessToken(box.url, 'member1');
    const reported = box.world.store.userByEmail('member4@sandbox.test')?.keycloakId ?? '';
    const reports = box.world.store.data.reports.length;
    for (const levels of [BODY_LIMITS.depth + 1, 5_000, 20_000]) {
      const text = `{"reported_user_id":"${reported}","reason":"spam","details":${nestedJson(levels)}}`;
      const answer = await call(box.url, token, 'POST', pathOf('chats.report'), text);
      expect(answer.status, `${levels} levels`).toBe(400);
      expect(JSON.stringify(answer.body.errors)).toContain('body.details');
    }
    const wide = await call(box.url, token, 'POST', pathOf('chats.report'), {
      reported_user_id: reported,
      reason: 'spam',
      details: Array.from({ length: 100 }, () => 'y'.repeat(1_000)),
    });
    expect(wide.status).toBe(400);
    expect(box.world.store.data.reports).toHaveLength(reports);
    const kept = await call(box.url, token, 'POST', pathOf('chats.report'), {
      reported_user_id: reported,
      reason: 'spam',
      details: { note: 'nested a little', where: { room: 'x' } },
    });
    expect(kept.status).toBe(200);
    await box.close();
    const again = await startSandbox({ port: 0, dataFile: file });
    expect(again.world.store.data.reports).toHaveLength(reports + 1);
    await again.close();
  });

  it("counts unknown keys toward a body's limits, as the document says, though the schema drops them", async () => {
    const box = await sandbox();
    const token = await accessToken(box.url, 'member1');
    const me = box.world.store.userByEmail('member1@sandbox.test')?.keycloakId;
    const unread = () => box.world.store.data.notifications.filter((n) => n.user_id === me && !n.read).length;
    const before = unread();
    expect(before).toBeGreaterThan(0);
    // chats.updateMessageStatus keeps only ids and status: before, a deep unknown key was dropped unmeasured (200).
    const deep = `{"ids":[],"status":"SENT","extra":${nestedJson(BODY_LIMITS.depth)}}`;
    const refused = await call(box.url, token, 'PUT', pathOf('chats.updateMessageStatus'), deep);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      {
        path: `body.extra${'.a'.repeat(BODY_LIMITS.depth - 1)}`,
        message: `Nested more than ${BODY_LIMITS.depth} levels deep`,
      },
    ]);
    const wide = await call(box.url, token, 'PUT', pathOf('alerts.markAllRead'), {
      extra: Array.from({ length: BODY_LIMITS.entries + 1 }, () => 0),
    });
    expect(wide.status).toBe(400);
    // Refused whole: nothing was marked read.
    expect(unread()).toBe(before);
    const shallow = `{"ids":[],"status":"SENT","extra":${nestedJson(BODY_LIMITS.depth - 1)}}`;
    expect((await call(box.url, token, 'PUT', pathOf('chats.updateMessageStatus'), shallow)).status).toBe(
      200,
    );
  });
});
