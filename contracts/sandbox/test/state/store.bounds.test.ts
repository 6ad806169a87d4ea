/**
 * A sandbox left running for days (a demo, `pnpm dev`) must not grow without bound from calls
 * anyone can make: one-time tokens, spent refresh tokens and activity logs are pruned or capped,
 * and pruning itself stays cheap.
 */
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { Auth } from '../../src/core/auth';
import { World } from '../../src/core/world';
import { logActivity } from '../../src/domain/accounts';
import { PENDING_TOKENS_PER_KIND, sendMail, useToken } from '../../src/domain/mail';
import { resolveOptions } from '../../src/options';
import { Realtime } from '../../src/realtime/sockets';
import { DAY_MS } from '../../src/seed/clock';
import { generateSeed } from '../../src/seed/index';
import { ACTIVITY_LOGS_PER_USER, Store } from '../../src/state/store';
import type { UserRecord } from '../../src/state/types';

const ANCHOR = Date.UTC(2026, 0, 15);

function setup() {
  const clock = { now: ANCHOR + 9 * 3_600_000 };
  const store = new Store(generateSeed({ seed: 1, anchor: ANCHOR }));
  const auth = new Auth(store, {
    accessTtlMs: 15 * 60_000,
    refreshTtlMs: 30 * DAY_MS,
    refreshReuseMs: 10_000,
    now: () => clock.now,
  });
  const now = () => clock.now;
  const realtime = new Realtime(createServer(), { store, auth, now });
  const world = new World(store, auth, resolveOptions({}), now, {
    realtime,
    publicUrl: 'http://127.0.0.1:8080',
  });
  const member = (email: string): UserRecord => {
    const user = store.userByEmail(email);
    if (!user) throw new Error(`${email} is missing`);
    return user;
  };
  return { clock, store, auth, world, member };
}

describe('bounded state', () => {
  it('keeps a few pending one-time tokens per member and kind, and drops used or expired ones', () => {
    const { clock, store, world, member } = setup();
    const aisha = member('member3@sandbox.test');
    const other = member('member4@sandbox.test');
    store.data.oneTimeTokens['spent-token'] = {
      token: 'spent-token',
      kind: 'confirm',
      user_id: other.keycloakId,
      value: null,
      expires_at: clock.now + DAY_MS,
      used: true,
    };
    store.data.oneTimeTokens['stale-token'] = {
      token: 'stale-token',
      kind: 'reset',
      user_id: other.keycloakId,
      value: null,
      expires_at: clock.now - 1,
      used: false,
    };
    const sent: string[] = [];
    // Forgot-password needs no login: anyone can call it in a loop.
    for (let i = 0; i < 40; i++)
      sent.push(sendMail(world, 'http://localhost', 'password-reset', aisha).token);
    const tokens = Object.values(store.data.oneTimeTokens);
    expect(tokens.filter((token) => token.user_id === aisha.keycloakId)).toHaveLength(
      PENDING_TOKENS_PER_KIND,
    );
    expect(Object.hasOwn(store.data.oneTimeTokens, 'spent-token')).toBe(false);
    expect(Object.hasOwn(store.data.oneTimeTokens, 'stale-token')).toBe(false);
    // The newest links work; the oldest ones were replaced.
    expect(useToken(world, sent[39] ?? '', 'reset')).toBeDefined();
    expect(useToken(world, sent[0] ?? '', 'reset')).toBeUndefined();
    // The outbox is capped too.
    expect(store.data.outbox.length).toBeLessThanOrEqual(500);
  });

  it('drops spent refresh tokens after a day, not after the refresh lifetime', () => {
    const { clock, store, auth, member } = setup();
    const user = member('member1@sandbox.test');
    const first = auth.issue(user);
    const second = auth.refresh(first.refresh_token);
    expect(second).toBeDefined();
    // Within the day a replay still finds the spent token (and is refused).
    clock.now += 3_600_000;
    expect(auth.refresh(first.refresh_token)).toBeUndefined();
    expect(store.data.refreshTokens[first.refresh_token]?.used).toBe(true);
    clock.now += DAY_MS;
    auth.issue(user);
    expect(Object.hasOwn(store.data.refreshTokens, first.refresh_token)).toBe(false);
    expect(Object.hasOwn(store.data.refreshTokens, second?.refresh_token ?? '')).toBe(true);
  });

  it('prunes tokens at most once a minute, not on every login', () => {
    const { clock, store, auth, member } = setup();
    const user = member('member1@sandbox.test');
    auth.issue(user);
    store.data.accessTokens['long-expired'] = {
      user_id: user.keycloakId,
      expires_at: clock.now - 3 * DAY_MS,
    };
    clock.now += 1_000;
    auth.issue(user);
    expect(Object.hasOwn(store.data.accessTokens, 'long-expired')).toBe(true);
    clock.now += 2 * 60_000;
    auth.issue(user);
    expect(Object.hasOwn(store.data.accessTokens, 'long-expired')).toBe(false);
  });

  it('caps the activity log of a member, keeping the newest entries', () => {
    const { store, world, member } = setup();
    const user = member('member1@sandbox.test');
    const others = store.data.activityLogs.filter((log) => log.user_id !== user.keycloakId).length;
    for (let i = 0; i < 3 * ACTIVITY_LOGS_PER_USER; i++)
      logActivity(world, user, 'LOGIN', `login ${i}`, '127.0.0.1');
    const mine = store.data.activityLogs.filter((log) => log.user_id === user.keycloakId);
    expect(mine.length).toBeGreaterThanOrEqual(ACTIVITY_LOGS_PER_USER);
    // Trimmed in batches (a tenth of the cap) so a login does not scan the whole log each time.
    expect(mine.length).toBeLessThanOrEqual(ACTIVITY_LOGS_PER_USER * 1.1);
    expect(mine.at(-1)?.detail).toBe(`login ${3 * ACTIVITY_LOGS_PER_USER - 1}`);
    expect(mine.some((log) => log.detail === 'login 0')).toBe(false);
    // Nobody else's history was touched.
    expect(store.data.activityLogs.filter((log) => log.user_id !== user.keycloakId)).toHaveLength(others);
  });
});
