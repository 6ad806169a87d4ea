/**
 * usermgmt, the answers the SDK's session depends on: 403 for an expired access token (which makes
 * it refresh and replay the call) and 406 for a suspended account (which logs the member out).
 */
import { isSuspendedError, type LogoutReason } from '@matchmaker/sdk';
import { describe, expect, it } from 'vitest';
import { MEMBER, REFRESH_FLOW } from '../../src/examples';
import { userBody } from '../support/bodies';
import { clientWith, memberClient } from '../support/clients';
import { interaction, json, like, pactWith, pathOf, request, state, stateValue } from '../support/pact';

const pact = pactWith('usermgmt');
const loggedIn = state('memberLoggedIn', { userId: MEMBER.userId });
const user = userBody(MEMBER.userId, MEMBER.username, MEMBER.email);

describe('usermgmt: session answers', () => {
  it('403 for an expired access token, a refresh, then the replayed call', () => {
    // The expired token is sent as is (not from a provider state), so the mock server tells the
    // first attempt from the replay, which carries the refreshed token.
    interaction(pact, 'accounts.userInfo', 'a request for the logged-in member with an expired access token')
      .given(...state('tokenExpired', { expiredToken: REFRESH_FLOW.expiredToken, userId: MEMBER.userId }))
      .withRequest('GET', pathOf('accounts.userInfo'), (builder) => {
        builder.headers({ Authorization: `Bearer ${REFRESH_FLOW.expiredToken}` });
      })
      .willRespondWith(403, json({ message: like('Access token expired or invalid') }));
    interaction(pact, 'accounts.refreshToken', 'a refresh after an access token expired')
      .given(...loggedIn)
      .withRequest(
        'POST',
        pathOf('accounts.refreshToken'),
        request({ body: { refresh_token: stateValue('refreshToken', MEMBER.refreshToken) } }),
      )
      .willRespondWith(
        200,
        json({
          access_token: like(REFRESH_FLOW.freshAccessToken),
          refresh_token: like(REFRESH_FLOW.freshRefreshToken),
        }),
      );
    return interaction(
      pact,
      'accounts.userInfo',
      'a request for the logged-in member with a refreshed access token',
    )
      .given(...loggedIn)
      .withRequest('GET', pathOf('accounts.userInfo'), request({ token: REFRESH_FLOW.freshAccessToken }))
      .willRespondWith(200, json(user))
      .executeTest(async (server) => {
        const client = clientWith(server, {
          accessToken: REFRESH_FLOW.expiredToken,
          refreshToken: MEMBER.refreshToken,
        });
        const answer = await client.accounts.userInfo();
        expect(answer.username).toBe(MEMBER.username);
        expect(await client.session.getTokens()).toEqual({
          accessToken: REFRESH_FLOW.freshAccessToken,
          refreshToken: REFRESH_FLOW.freshRefreshToken,
        });
      });
  });

  it('406 for a suspended account logs the member out', () =>
    interaction(pact, 'accounts.userInfo', 'a request for the logged-in member whose account is suspended')
      .given(...loggedIn)
      .given(...state('accountSuspended', { id: MEMBER.userId }))
      .withRequest('GET', pathOf('accounts.userInfo'), request({ token: MEMBER.accessToken }))
      .willRespondWith(406, json({ message: like('Account suspended') }))
      .executeTest(async (server) => {
        const client = memberClient(server);
        const reasons: LogoutReason[] = [];
        client.session.on('logout', (reason) => reasons.push(reason));
        const failure = await client.accounts.userInfo().catch((error: unknown) => error);
        expect(isSuspendedError(failure)).toBe(true);
        expect(reasons).toEqual(['suspended']);
        expect(await client.session.isLoggedIn()).toBe(false);
      }));
});
