/**
 * usermgmt, the 401s the clients show instead of refreshing: a wrong password, a member calling a
 * back-office call and a spent refresh token. (The SDK never sends a session call without a
 * token, it fails with NotLoggedInError first, so no interaction records a missing token.) Only 403 makes the SDK refresh and replay, so a
 * backend answering 403 here would send the client into a refresh instead of an error message.
 */
import { isHttpError } from '@matchmaker/sdk';
import { describe, expect, it } from 'vitest';
import { MEMBER, OTHER } from '../../src/examples';
import { anonymousClient, memberClient } from '../support/clients';
import { interaction, json, like, pactWith, pathOf, request, state } from '../support/pact';

const pact = pactWith('usermgmt');
const refused = json({ message: like('Invalid email or password') });

async function statusOf(call: Promise<unknown>): Promise<number | undefined> {
  const failure = await call.then(
    () => undefined,
    (error: unknown) => error,
  );
  return isHttpError(failure) ? failure.status : undefined;
}

describe('usermgmt: 401 refusals', () => {
  it('401 for a wrong password', () =>
    interaction(pact, 'accounts.login', 'a login with a wrong password')
      .given(...state('credentials', { id: OTHER.id, email: OTHER.email, password: OTHER.password }))
      .withRequest(
        'POST',
        pathOf('accounts.login'),
        request({ body: { email: OTHER.email, password: 'Not#ThePassword1' } }),
      )
      .willRespondWith(401, refused)
      .executeTest(async (server) => {
        const client = anonymousClient(server);
        expect(
          await statusOf(client.accounts.login({ email: OTHER.email, password: 'Not#ThePassword1' })),
        ).toBe(401);
        expect(await client.session.isLoggedIn()).toBe(false);
      }));

  it('401 for a member on a back-office call (no refresh, the session stays)', () =>
    interaction(pact, 'admin.getUser', 'a member calling a back-office call')
      .given(...state('memberLoggedIn', { userId: MEMBER.userId }))
      .given(...state('memberExists', { id: OTHER.id }))
      .withRequest('GET', pathOf('admin.getUser', { id: OTHER.id }), request({ token: MEMBER.accessToken }))
      .willRespondWith(401, json({ message: like('Admin only') }))
      .executeTest(async (server) => {
        const client = memberClient(server);
        expect(await statusOf(client.admin.getUser(OTHER.id))).toBe(401);
        expect(await client.session.getTokens()).toMatchObject({ accessToken: MEMBER.accessToken });
      }));

  it('401 for a spent refresh token', () =>
    interaction(pact, 'accounts.refreshToken', 'a refresh with a refresh token that was already used')
      .given(...state('memberLoggedIn', { userId: MEMBER.userId }))
      .withRequest(
        'POST',
        pathOf('accounts.refreshToken'),
        request({ body: { refresh_token: 'spent-refresh-token' } }),
      )
      .willRespondWith(401, json({ message: like('Refresh token expired, unknown or already used') }))
      .executeTest(async (server) => {
        const client = anonymousClient(server);
        expect(await statusOf(client.accounts.refreshToken({ refresh_token: 'spent-refresh-token' }))).toBe(
          401,
        );
      }));
});
