/**
 * Logout ends the session, as an identity provider's does: the session's refresh token and every
 * access token of it stop working, so another copy of the same credentials (a second terminal, a
 * copied credentials file) fails at its next refresh with the SDK's `refresh-failed` logout. The
 * member's other sessions go on, and `--data` files written before tokens had sessions still load.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createClient,
  isNotLoggedInError,
  type LogoutReason,
  type MatchmakerClient,
  MemoryTokenStore,
  type Tokens,
} from '@matchmaker/sdk';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, type RunningSandbox } from '../../src/server';
import { pathOf } from '../support/paths';
import { loggedIn, sandbox } from '../support/sandbox';
import { scratchDir } from '../support/scratch';

/** A second client holding a copy of the first one's credentials, and the logouts it announces. */
async function copyOf(box: RunningSandbox, api: MatchmakerClient) {
  const tokens = (await api.session.getTokens()) as Tokens;
  const copy = createClient({
    baseURL: box.url,
    locks: null,
    timeoutMs: 10_000,
    tokenStore: new MemoryTokenStore(tokens),
  });
  const logouts: LogoutReason[] = [];
  copy.session.on('logout', (reason) => logouts.push(reason));
  return { copy, logouts };
}

const status = async (box: RunningSandbox, token: string): Promise<number> =>
  (await fetch(`${box.url}${pathOf('accounts.userInfo')}`, { headers: { authorization: `Bearer ${token}` } }))
    .status;

describe('logout ends the session', () => {
  it("fails another copy of the credentials at its next refresh with 'refresh-failed'", async () => {
    const box = await sandbox();
    const api = await loggedIn(box, 'member1');
    const { copy, logouts } = await copyOf(box, api);
    await expect(copy.accounts.userInfo()).resolves.toMatchObject({ email: 'member1@sandbox.test' });
    const copied = (await copy.session.getTokens()) as Tokens;

    await api.accounts.logout();
    const error = await copy.accounts.userInfo().catch((caught: unknown) => caught);
    expect(isNotLoggedInError(error)).toBe(true);
    expect(logouts).toEqual(['refresh-failed']);
    expect(await copy.session.getTokens()).toBeNull();
    // The refresh token itself is spent, not only the access token.
    const refresh = await fetch(`${box.url}${pathOf('accounts.refreshToken')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: copied.refreshToken }),
    });
    expect(refresh.status).toBe(401);
  });

  it('ends the access tokens a refresh added to the session, and leaves other sessions alone', async () => {
    const box = await sandbox();
    const api = await loggedIn(box, 'member1');
    const other = await loggedIn(box, 'member1');
    const { copy, logouts } = await copyOf(box, api);
    // The copy rotates the tokens: its new access token belongs to the same session.
    const rotated = await copy.session.refresh();
    expect(await status(box, rotated.accessToken)).toBe(200);

    await api.accounts.logout();
    expect(await status(box, rotated.accessToken)).toBe(403);
    await expect(copy.accounts.userInfo()).rejects.toSatisfy(isNotLoggedInError);
    expect(logouts).toEqual(['refresh-failed']);
    await expect(other.accounts.userInfo()).resolves.toMatchObject({ email: 'member1@sandbox.test' });
    await expect(other.session.refresh()).resolves.toBeTruthy();
  });

  it("a password change ends the member's other sessions and keeps its own, refresh token included", async () => {
    const box = await sandbox();
    const api = await loggedIn(box, 'member3');
    const other = await loggedIn(box, 'member3');
    await api.accounts.changePassword({ old_password: DEMO_PASSWORD, new_password: 'Changed#2026' });
    await expect(other.accounts.userInfo()).rejects.toSatisfy(isNotLoggedInError);
    await expect(api.session.refresh()).resolves.toBeTruthy();
    await expect(api.accounts.userInfo()).resolves.toMatchObject({ email: 'member3@sandbox.test' });
  });

  it('loads a --data file whose tokens have no session, and logs them out one token at a time', async () => {
    const file = join(scratchDir('sessions-'), 'state.json');
    const first = await sandbox({ dataFile: file });
    const api = await loggedIn(first, 'member2');
    const tokens = (await api.session.getTokens()) as Tokens;
    await first.close();
    // As written before tokens carried a session id.
    const data = JSON.parse(readFileSync(file, 'utf8')) as Record<
      string,
      Record<string, Record<string, unknown>>
    >;
    for (const kind of ['accessTokens', 'refreshTokens']) {
      for (const record of Object.values(data[kind] ?? {})) delete record.session;
    }
    writeFileSync(file, JSON.stringify(data));

    const second = await sandbox({ dataFile: file });
    expect(await status(second, tokens.accessToken)).toBe(200);
    const old = createClient({ baseURL: second.url, locks: null, tokenStore: new MemoryTokenStore(tokens) });
    const rotated = await old.session.refresh();
    expect(await status(second, rotated.accessToken)).toBe(200);
    // The old access token knows no session: logging it out ends that token only.
    await fetch(`${second.url}${pathOf('accounts.logout')}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(await status(second, tokens.accessToken)).toBe(403);
    expect(await status(second, rotated.accessToken)).toBe(200);
    // The pair a refresh made does have one.
    await old.accounts.logout();
    expect(await status(second, rotated.accessToken)).toBe(403);
  });
});
