import { isHttpError, isSuspendedError } from '@matchmaker/sdk';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server';
import { pathOf } from '../support/paths';
import { client, json, loggedIn, sandbox } from '../support/sandbox';

async function rawLogin(url: string, email: string, password = DEMO_PASSWORD) {
  const response = await fetch(`${url}${pathOf('accounts.login')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return {
    status: response.status,
    body: await json<{ access_token: string; refresh_token: string }>(response),
  };
}

describe('auth', () => {
  it('logs in every demo account and answers its user info', async () => {
    const box = await sandbox();
    for (const account of DEMO_ACCOUNTS) {
      const api = client(box);
      const tokens = await api.accounts.login({ email: account.email, password: DEMO_PASSWORD });
      expect(tokens.access_token).toBeTruthy();
      expect(tokens.refresh_token).toBeTruthy();
      if (account.key === 'suspended') {
        await expect(api.accounts.userInfo()).rejects.toSatisfy(isSuspendedError);
        continue;
      }
      const user = await api.accounts.userInfo();
      expect(user.email).toBe(account.email);
      if (account.key === 'admin') expect(user.roles).not.toContain('General');
      else expect(user.roles).toEqual(['General']);
      expect(user.is_deleted).toBe(account.key === 'deleted');
    }
  });

  it('refuses a wrong password with 401', async () => {
    const box = await sandbox();
    const { status } = await rawLogin(box.url, 'member1@sandbox.test', 'wrong-password');
    expect(status).toBe(401);
  });

  it('rotates refresh tokens and refuses a used one with 401 once its reuse window is off', async () => {
    const box = await sandbox({ refreshReuseMs: 0 });
    const first = await rawLogin(box.url, 'member1@sandbox.test');
    const api = client(box);
    const second = await api.accounts.refreshToken({ refresh_token: first.body.refresh_token });
    expect(second.refresh_token).not.toBe(first.body.refresh_token);
    expect(second.access_token).not.toBe(first.body.access_token);
    const replay = await api.accounts
      .refreshToken({ refresh_token: first.body.refresh_token })
      .catch((error: unknown) => error);
    expect(isHttpError(replay) && replay.status).toBe(401);
    // The rotated token still works once.
    await expect(api.accounts.refreshToken({ refresh_token: second.refresh_token })).resolves.toBeTruthy();
  });

  it('honours a just-spent refresh token once more while its replacement is unused (an answer lost to a reload)', async () => {
    const box = await sandbox({ refreshReuseMs: 400 });
    const first = await rawLogin(box.url, 'member1@sandbox.test');
    const api = client(box);
    const refresh = (token: string) =>
      api.accounts.refreshToken({ refresh_token: token }).catch((error: unknown) => error);
    const statusOf = (answer: unknown) => (isHttpError(answer) ? answer.status : 200);

    // The answer never reached its page: the same token again gets a new pair of the same session.
    const lost = await api.accounts.refreshToken({ refresh_token: first.body.refresh_token });
    const again = await api.accounts.refreshToken({ refresh_token: first.body.refresh_token });
    expect(again.refresh_token).not.toBe(lost.refresh_token);
    // One live refresh token per session: the lost pair's is spent by the reuse.
    expect(statusOf(await refresh(lost.refresh_token))).toBe(401);
    // Once the new pair's refresh token has been used, the old one proves nothing: refused.
    const third = await api.accounts.refreshToken({ refresh_token: again.refresh_token });
    expect(statusOf(await refresh(first.body.refresh_token))).toBe(401);
    // Logout spends every token of the session, the window does not revive one.
    const other = await rawLogin(box.url, 'member2@sandbox.test');
    const next = await api.accounts.refreshToken({ refresh_token: other.body.refresh_token });
    await fetch(`${box.url}${pathOf('accounts.logout')}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${next.access_token}` },
    });
    expect(statusOf(await refresh(other.body.refresh_token))).toBe(401);
    // After the window, a spent token is refused even while its replacement is unused.
    const late = await rawLogin(box.url, 'member3@sandbox.test');
    await api.accounts.refreshToken({ refresh_token: late.body.refresh_token });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(statusOf(await refresh(late.body.refresh_token))).toBe(401);
    expect(third.access_token).toBeTruthy();
  });

  it('answers 403 for an expired access token, and the SDK refreshes and replays', async () => {
    const box = await sandbox({ accessTtlMs: 400 });
    const { body } = await rawLogin(box.url, 'member1@sandbox.test');
    await new Promise((resolve) => setTimeout(resolve, 600));
    const expired = await fetch(`${box.url}${pathOf('accounts.userInfo')}`, {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(expired.status).toBe(403);
    const unknown = await fetch(`${box.url}${pathOf('accounts.userInfo')}`, {
      headers: { authorization: 'Bearer nonsense' },
    });
    expect(unknown.status).toBe(403);
    const missing = await fetch(`${box.url}${pathOf('accounts.userInfo')}`);
    expect(missing.status).toBe(401);

    const api = await loggedIn(box, 'member1');
    const before = await api.session.getTokens();
    await new Promise((resolve) => setTimeout(resolve, 600));
    const user = await api.accounts.userInfo();
    expect(user.email).toBe('member1@sandbox.test');
    const after = await api.session.getTokens();
    expect(after?.accessToken).not.toBe(before?.accessToken);
  });

  it('answers 406 to every authenticated call of the suspended account after login', async () => {
    const box = await sandbox();
    const { status, body } = await rawLogin(box.url, 'suspended@sandbox.test');
    expect(status).toBe(200);
    for (const path of [
      pathOf('accounts.userInfo'),
      pathOf('alerts.listNotifications'),
      pathOf('chats.listRooms'),
    ]) {
      const response = await fetch(`${box.url}${path}`, {
        headers: { authorization: `Bearer ${body.access_token}` },
      });
      expect(response.status).toBe(406);
    }
    const api = await loggedIn(box, 'suspended');
    const reasons: string[] = [];
    api.session.on('logout', (reason) => reasons.push(reason));
    await expect(api.alerts.listNotifications()).rejects.toSatisfy(isSuspendedError);
    expect(reasons).toEqual(['suspended']);
  });

  it('refuses members on admin endpoints with 401 Admin only', async () => {
    const box = await sandbox();
    const member = await loggedIn(box, 'member1');
    const error = await member.admin.searchUsers({ page: 1 }).catch((caught: unknown) => caught);
    expect(isHttpError(error) && error.status).toBe(401);
    expect(isHttpError(error) && error.body).toEqual({ message: 'Admin only' });
    const admin = await loggedIn(box, 'admin');
    const page = (await admin.admin.searchUsers({ page: 1 })) as { users: unknown[]; total: number };
    expect(page.users).toHaveLength(15);
    expect(page.total).toBeGreaterThanOrEqual(300);
  });

  it('logs out on the server: the access token stops working', async () => {
    const box = await sandbox();
    const { body } = await rawLogin(box.url, 'member2@sandbox.test');
    const headers = { authorization: `Bearer ${body.access_token}` };
    expect(
      (await fetch(`${box.url}${pathOf('accounts.logout')}`, { method: 'DELETE', headers })).status,
    ).toBe(200);
    expect((await fetch(`${box.url}${pathOf('accounts.userInfo')}`, { headers })).status).toBe(403);
  });

  it('reactivates the deleted demo account', async () => {
    const box = await sandbox();
    const api = await loggedIn(box, 'deleted');
    expect((await api.accounts.userInfo()).is_deleted).toBe(true);
    await api.accounts.activate();
    expect((await api.accounts.userInfo()).is_deleted).toBe(false);
  });
});
