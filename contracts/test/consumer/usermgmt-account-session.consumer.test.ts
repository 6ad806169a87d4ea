/**
 * usermgmt, the account calls of a logged-in member: user info, logout, contacts' profiles and
 * status, password, email and username changes, deactivation and location.
 */
import { describe, expect, it } from 'vitest';
import { MATCH, MEMBER, ONE_TIME } from '../../src/examples';
import { publicProfileBody, typedProfileBody, userBody } from '../support/bodies';
import { failFast, memberClient } from '../support/clients';
import {
  boolean,
  decimal,
  eachLike,
  email,
  interaction,
  isoDate,
  json,
  like,
  memberRoles,
  pactWith,
  pathOf,
  request,
  state,
  stateValue,
} from '../support/pact';

const pact = pactWith('usermgmt');
const loggedIn = state('memberLoggedIn', { userId: MEMBER.userId });
const mutual = state('mutualMatches', { userId: MEMBER.userId, matchId: MATCH.matchId, room: MATCH.room });
const message = (text: string) => ({ message: like(text) });
const token = MEMBER.accessToken;
const contacts = { users: [stateValue('matchId', MATCH.matchId)] };

describe('usermgmt: accounts of a logged-in member', () => {
  it('accounts.userInfo', () =>
    interaction(pact, 'accounts.userInfo', 'a request for the logged-in member')
      .given(...loggedIn)
      .withRequest('GET', pathOf('accounts.userInfo'), request({ token }))
      .willRespondWith(
        200,
        json({
          keycloakId: like(MEMBER.userId),
          username: like(MEMBER.username),
          first_name: like('Amara'),
          last_name: like('Okafor'),
          email: email(MEMBER.email),
          roles: memberRoles(),
          is_deleted: boolean(false),
          ...typedProfileBody(),
        }),
      )
      .executeTest(async (server) => {
        const client = memberClient(server);
        await client.accounts.userInfo();
        expect(client.session.roles).toEqual(['General']);
      }));

  it('accounts.logout', () =>
    interaction(pact, 'accounts.logout', 'a logout of the logged-in member')
      .given(...loggedIn)
      .withRequest('DELETE', pathOf('accounts.logout'), request({ token }))
      .willRespondWith(200, json(message('Logged out')))
      .executeTest(async (server) => {
        const client = memberClient(server);
        await client.accounts.logout();
        expect(await client.session.isLoggedIn()).toBe(false);
      }));

  it('accounts.oauthUpdate', () =>
    interaction(pact, 'accounts.oauthUpdate', 'the completion of a social sign-in account')
      .given(...loggedIn)
      .withRequest(
        'POST',
        pathOf('accounts.oauthUpdate'),
        request({
          token,
          body: { first_name: 'Amara', last_name: 'Okafor', date_of_birth: isoDate('1995-03-08') },
        }),
      )
      .willRespondWith(
        200,
        json({ ...message('Account updated'), user: userBody(MEMBER.userId, MEMBER.username, MEMBER.email) }),
      )
      .executeTest(async (server) => {
        await memberClient(server).accounts.oauthUpdate({
          first_name: 'Amara',
          last_name: 'Okafor',
          date_of_birth: '1995-03-08',
        });
      }));

  it('accounts.bulkProfiles', () =>
    interaction(pact, 'accounts.bulkProfiles', 'a request for the profiles of contacts')
      .given(...loggedIn)
      .given(...mutual)
      .withRequest('POST', pathOf('accounts.bulkProfiles'), request({ token, body: contacts }))
      .willRespondWith(
        200,
        json({
          profiles: eachLike(publicProfileBody(MATCH.matchId, 'chioma_obi')),
        }),
      )
      .executeTest(async (server) => {
        const answer = await memberClient(server).accounts.bulkProfiles({ users: [MATCH.matchId] });
        expect(answer?.profiles).toHaveLength(1);
      }));

  it('accounts.bulkStatus', () =>
    interaction(pact, 'accounts.bulkStatus', 'a request for the online status of contacts')
      .given(...loggedIn)
      .given(...mutual)
      .withRequest('POST', pathOf('accounts.bulkStatus'), request({ token, body: contacts }))
      .willRespondWith(200, json({ status: eachLike({ user: like(MATCH.matchId), online: boolean(false) }) }))
      .executeTest(async (server) => {
        const answer = await memberClient(server).accounts.bulkStatus({ users: [MATCH.matchId] });
        expect(answer?.status[0]?.online).toBe(false);
      }));

  it('accounts.changePassword', () =>
    interaction(pact, 'accounts.changePassword', 'a password change with the right current password')
      .given(...loggedIn)
      .given(...state('password', { userId: MEMBER.userId, password: MEMBER.password }))
      .withRequest(
        'PUT',
        pathOf('accounts.changePassword'),
        request({ token, body: { old_password: MEMBER.password, new_password: 'Amara#Contract2' } }),
      )
      .willRespondWith(200, json(message('Password changed')))
      .executeTest(async (server) => {
        await memberClient(server).accounts.changePassword({
          old_password: MEMBER.password,
          new_password: 'Amara#Contract2',
        });
      }));

  it('accounts.initiateEmailChange', () =>
    interaction(pact, 'accounts.initiateEmailChange', 'the start of an email change')
      .given(...loggedIn)
      .given(...state('password', { userId: MEMBER.userId, password: MEMBER.password }))
      .withRequest(
        'POST',
        pathOf('accounts.initiateEmailChange'),
        request({ token, body: { new_email: ONE_TIME.memberNewEmail, password: MEMBER.password } }),
      )
      .willRespondWith(200, json(message('A confirmation link has been sent')))
      .executeTest(async (server) => {
        await memberClient(server).accounts.initiateEmailChange({
          new_email: ONE_TIME.memberNewEmail,
          password: MEMBER.password,
        });
      }));

  it('accounts.initiateUsernameChange', () =>
    interaction(pact, 'accounts.initiateUsernameChange', 'the start of a username change')
      .given(...loggedIn)
      .given(...state('usernameFree', { username: ONE_TIME.newUsername }))
      .withRequest(
        'POST',
        pathOf('accounts.initiateUsernameChange'),
        request({ token, body: { username: ONE_TIME.newUsername } }),
      )
      .willRespondWith(200, json(message('A confirmation link has been sent')))
      .executeTest(async (server) => {
        await memberClient(server).accounts.initiateUsernameChange({ username: ONE_TIME.newUsername });
      }));

  it('accounts.changeUsername', () =>
    interaction(pact, 'accounts.changeUsername', 'the completion of a username change with a valid token')
      .given(...loggedIn)
      .given(
        ...state('usernameChangePending', {
          userId: MEMBER.userId,
          username: ONE_TIME.newUsername,
          token: ONE_TIME.usernameChangeToken,
        }),
      )
      .withRequest(
        'PUT',
        pathOf('accounts.changeUsername'),
        request({
          token,
          body: {
            username: ONE_TIME.newUsername,
            token: stateValue('token', ONE_TIME.usernameChangeToken),
          },
        }),
      )
      .willRespondWith(200, json({ ...message('Username changed'), username: like(ONE_TIME.newUsername) }))
      .executeTest(async (server) => {
        await memberClient(server).accounts.changeUsername({
          username: ONE_TIME.newUsername,
          token: ONE_TIME.usernameChangeToken,
        });
      }));

  it('accounts.initiateAccountDeletion', () =>
    interaction(pact, 'accounts.initiateAccountDeletion', 'a member asking for their account to be deleted')
      .given(...loggedIn)
      .withRequest(
        'POST',
        pathOf('accounts.initiateAccountDeletion', { userId: MEMBER.userId }),
        request({ token }),
      )
      .willRespondWith(200, json(message('Account deletion initiated')))
      .executeTest(async (server) => {
        await memberClient(server).accounts.initiateAccountDeletion(MEMBER.userId);
      }));

  it('accounts.deactivate', () =>
    interaction(pact, 'accounts.deactivate', 'a member deactivating their account')
      .given(...loggedIn)
      .withRequest('POST', pathOf('accounts.deactivate'), request({ token }))
      .willRespondWith(200, json(message('Account deactivated')))
      .executeTest(async (server) => {
        await memberClient(server).accounts.deactivate();
      }));

  it('accounts.activate', () =>
    interaction(pact, 'accounts.activate', 'a deactivated member reactivating their account')
      .given(...loggedIn)
      .given(...state('accountDeactivated', { id: MEMBER.userId }))
      .withRequest('PUT', pathOf('accounts.activate'), request({ token }))
      .willRespondWith(200, json(message('Account activated')))
      .executeTest(async (server) => {
        await memberClient(server).accounts.activate();
      }));

  it('accounts.updateLocation', () =>
    interaction(pact, 'accounts.updateLocation', "an update of the member's location")
      .given(...loggedIn)
      .withRequest(
        'PUT',
        pathOf('accounts.updateLocation'),
        request({
          token,
          body: {
            city: 'Lagos',
            country: 'Nigeria',
            country_code: 'NG',
            longitude: decimal(3.3792),
            latitude: decimal(6.5244),
          },
        }),
      )
      .willRespondWith(200, json(message('Location updated')))
      .executeTest(async (server) => {
        // Retried 3 times, 3 s apart: failFast ends a mismatch at once.
        await memberClient(server).accounts.updateLocation(
          { city: 'Lagos', country: 'Nigeria', country_code: 'NG', longitude: 3.3792, latitude: 6.5244 },
          failFast(server),
        );
      }));
});
