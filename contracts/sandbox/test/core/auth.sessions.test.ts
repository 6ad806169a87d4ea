/**
 * Logins in a loop (a load test, a script) must not grow the state without bound: a member keeps
 * at most SESSIONS_PER_USER sessions, the oldest ending first, and expired access tokens go.
 */
import { describe, expect, it } from 'vitest';
import { Auth, SESSIONS_PER_USER } from '../../src/core/auth';
import { DAY_MS } from '../../src/seed/clock';
import { generateSeed } from '../../src/seed/index';
import { Store } from '../../src/state/store';
import { accessToken, call } from '../support/http';
import { pathOf } from '../support/paths';
import { sandbox } from '../support/sandbox';

describe('sessions', () => {
  it('keeps a bounded number of tokens per member however many logins there are', () => {
    const clock = { now: Date.UTC(2026, 0, 15) };
    const store = new Store(generateSeed({ seed: 1, anchor: clock.now }));
    const auth = new Auth(store, {
      accessTtlMs: 15 * 60_000,
      refreshTtlMs: 30 * DAY_MS,
      refreshReuseMs: 10_000,
      now: () => clock.now,
    });
    const member = store.userByEmail('member1@sandbox.test');
    if (!member) throw new Error('member1 is missing');
    const before = Object.keys(store.data.accessTokens).length + Object.keys(store.data.refreshTokens).length;
    const first = auth.issue(member);
    let last = first;
    for (let i = 0; i < 30_000; i++) {
      clock.now += 10;
      last = auth.issue(member);
    }
    const mine = (records: Record<string, { user_id: string }>) =>
      Object.values(records).filter((record) => record.user_id === member.keycloakId).length;
    expect(mine(store.data.accessTokens)).toBeLessThanOrEqual(SESSIONS_PER_USER);
    expect(mine(store.data.refreshTokens)).toBeLessThanOrEqual(SESSIONS_PER_USER);
    const after = Object.keys(store.data.accessTokens).length + Object.keys(store.data.refreshTokens).length;
    expect(after - before).toBeLessThanOrEqual(2 * SESSIONS_PER_USER);
    expect(auth.checkAccess(first.access_token).ok).toBe(false);
    expect(auth.refresh(first.refresh_token)).toBeUndefined();
    expect(auth.checkAccess(last.access_token).ok).toBe(true);
    // Expired access tokens are dropped at the next pruning, not a day later.
    clock.now += 16 * 60_000;
    auth.issue(member);
    expect(mine(store.data.accessTokens)).toBe(1);
  });

  it('ends the oldest session over HTTP once a member logs in more than the limit', async () => {
    const box = await sandbox();
    const oldest = await accessToken(box.url, 'member2');
    for (let i = 0; i < SESSIONS_PER_USER; i++) await accessToken(box.url, 'member2');
    expect((await call(box.url, oldest, 'GET', pathOf('accounts.userInfo'))).status).toBe(403);
  });
});
