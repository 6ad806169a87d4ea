/**
 * usermgmt, the account calls made without a session: registration (and its field errors),
 * login, refresh, public profiles and the one-time-token flows.
 */
import { isHttpError } from '@matchmaker/sdk';
import { describe, expect, it } from 'vitest';
import { MEMBER, NEWCOMER, ONE_TIME, OTHER } from '../../src/examples';
import { publicProfileBody, typedProfileBody, userBody } from '../support/bodies';
import { anonymousClient } from '../support/clients';
import {
  boolean,
  eachLike,
  email,
  interaction,
  isoDate,
  json,
  like,
  pactWith,
  pathOf,
  request,
  state,
  stateValue,
} from '../support/pact';

const pact = pactWith('usermgmt');
const message = (text: string) => ({ message: like(text) });

const registration = {
  first_name: 'Ngozi',
  last_name: 'Eze',
  username: NEWCOMER.username,
  date_of_birth: '1994-05-12',
  sex: 'female',
  email: NEWCOMER.email,
  password: 'Ngozi#Contract1',
  agreed_to_terms: true,
};

describe('usermgmt: accounts without a session', () => {
  it('accounts.register', () =>
    interaction(pact, 'accounts.register', 'a registration with a free email and username')
      .given(...state('emailAndUsernameFree', { email: NEWCOMER.email, username: NEWCOMER.username }))
      .withRequest(
        'POST',
        pathOf('accounts.register'),
        request({
          body: { ...registration, email: email(NEWCOMER.email), date_of_birth: isoDate('1994-05-12') },
        }),
      )
      .willRespondWith(
        200,
        json({
          ...message('Account created. Check your email to confirm it.'),
          user: userBody('5b0c0f0e-7d1a-4c61-9a49-3f0e8e0f2b11', NEWCOMER.username, NEWCOMER.email),
        }),
      )
      .executeTest(async (server) => {
        const answer = await anonymousClient(server).accounts.register(registration);
        expect(answer).toMatchObject({ user: { username: NEWCOMER.username } });
      }));

  // A malformed email never leaves the SDK (its schema refuses it); a taken one only the backend knows.
  it('accounts.register answers 400 with field errors', () =>
    interaction(pact, 'accounts.register', 'a registration with an email already registered')
      .given(...state('credentials', { id: OTHER.id, email: OTHER.email, password: OTHER.password }))
      .given(...state('usernameFree', { username: NEWCOMER.username }))
      .withRequest(
        'POST',
        pathOf('accounts.register'),
        request({ body: { ...registration, email: OTHER.email } }),
      )
      .willRespondWith(
        400,
        json({
          ...message('Validation failed'),
          errors: eachLike({ path: like('body.email'), message: like('Email already registered') }),
        }),
      )
      .executeTest(async (server) => {
        const failure = await anonymousClient(server)
          .accounts.register({ ...registration, email: OTHER.email })
          .catch((error: unknown) => error);
        expect(isHttpError(failure) && failure.status).toBe(400);
        expect(isHttpError(failure) && failure.body).toMatchObject({ errors: [{ path: 'body.email' }] });
      }));

  it('accounts.verifyUsername', () =>
    interaction(pact, 'accounts.verifyUsername', 'a check of a free username')
      .given(...state('usernameFree', { username: NEWCOMER.username }))
      .withRequest(
        'POST',
        pathOf('accounts.verifyUsername'),
        request({ body: { username: NEWCOMER.username } }),
      )
      .willRespondWith(200, json({ username: like(NEWCOMER.username), available: boolean(true) }))
      .executeTest(async (server) => {
        const answer = await anonymousClient(server).accounts.verifyUsername({ username: NEWCOMER.username });
        expect(answer).toMatchObject({ available: true });
      }));

  it('accounts.login', () =>
    interaction(pact, 'accounts.login', 'a login with the right email and password')
      .given(...state('credentials', { id: OTHER.id, email: OTHER.email, password: OTHER.password }))
      .withRequest(
        'POST',
        pathOf('accounts.login'),
        request({ body: { email: OTHER.email, password: OTHER.password } }),
      )
      .willRespondWith(
        200,
        json({ access_token: like('an-access-token'), refresh_token: like('a-refresh-token') }),
      )
      .executeTest(async (server) => {
        const client = anonymousClient(server);
        await client.accounts.login({ email: OTHER.email, password: OTHER.password });
        expect(await client.session.getTokens()).toEqual({
          accessToken: 'an-access-token',
          refreshToken: 'a-refresh-token',
        });
      }));

  it('accounts.refreshToken', () =>
    interaction(pact, 'accounts.refreshToken', 'a refresh with a valid refresh token')
      .given(...state('memberLoggedIn', { userId: MEMBER.userId }))
      .withRequest(
        'POST',
        pathOf('accounts.refreshToken'),
        request({ body: { refresh_token: stateValue('refreshToken', MEMBER.refreshToken) } }),
      )
      .willRespondWith(
        200,
        json({ access_token: like('a-new-access-token'), refresh_token: like('a-new-refresh-token') }),
      )
      .executeTest(async (server) => {
        const answer = await anonymousClient(server).accounts.refreshToken({
          refresh_token: MEMBER.refreshToken,
        });
        expect(answer.access_token).toBe('a-new-access-token');
      }));

  it('accounts.publicProfile', () =>
    interaction(pact, 'accounts.publicProfile', 'a look at the public profile of a member')
      .given(...state('memberExists', { id: OTHER.id }))
      .withRequest('GET', pathOf('accounts.publicProfile', { id: OTHER.id }))
      .willRespondWith(200, json({ ...publicProfileBody(OTHER.id, OTHER.username), ...typedProfileBody() }))
      .executeTest(async (server) => {
        const answer = await anonymousClient(server).accounts.publicProfile(OTHER.id);
        expect(answer).toMatchObject({ username: OTHER.username });
      }));

  it('accounts.forgotPassword', () =>
    interaction(pact, 'accounts.forgotPassword', 'a request for a password reset message')
      .given(...state('credentials', { id: OTHER.id, email: OTHER.email, password: OTHER.password }))
      .withRequest('POST', pathOf('accounts.forgotPassword'), request({ body: { email: OTHER.email } }))
      .willRespondWith(
        200,
        json(message('If the address is registered, a password reset link has been sent')),
      )
      .executeTest(async (server) => {
        await anonymousClient(server).accounts.forgotPassword({ email: OTHER.email });
      }));

  it('accounts.resetPassword', () =>
    interaction(pact, 'accounts.resetPassword', 'a password reset with a valid reset token')
      .given(...state('resetPending', { id: OTHER.id, email: OTHER.email, token: ONE_TIME.resetToken }))
      .withRequest(
        'PUT',
        pathOf('accounts.resetPassword'),
        request({
          body: {
            email: OTHER.email,
            token: stateValue('token', ONE_TIME.resetToken),
            new_password: 'Chidi#Contract2',
          },
        }),
      )
      .willRespondWith(200, json(message('Password has been reset')))
      .executeTest(async (server) => {
        await anonymousClient(server).accounts.resetPassword({
          email: OTHER.email,
          token: ONE_TIME.resetToken,
          new_password: 'Chidi#Contract2',
        });
      }));

  it('accounts.confirm', () =>
    interaction(pact, 'accounts.confirm', 'an account confirmation with a valid token')
      .given(...state('unconfirmed', { id: OTHER.id, email: OTHER.email, token: ONE_TIME.confirmToken }))
      .withRequest(
        'PUT',
        pathOf('accounts.confirm'),
        request({ body: { token: stateValue('token', ONE_TIME.confirmToken) } }),
      )
      .willRespondWith(200, json(message('Account confirmed')))
      .executeTest(async (server) => {
        await anonymousClient(server).accounts.confirm({ token: ONE_TIME.confirmToken });
      }));

  it('accounts.sendAccountVerification', () =>
    interaction(pact, 'accounts.sendAccountVerification', 'a request for the verification message again')
      .given(...state('unconfirmed', { id: OTHER.id, email: OTHER.email, token: ONE_TIME.confirmToken }))
      .withRequest(
        'POST',
        pathOf('accounts.sendAccountVerification'),
        request({ body: { email: OTHER.email } }),
      )
      .willRespondWith(200, json(message('A verification link has been sent')))
      .executeTest(async (server) => {
        await anonymousClient(server).accounts.sendAccountVerification({ email: OTHER.email });
      }));

  it('accounts.changeEmail', () =>
    interaction(pact, 'accounts.changeEmail', 'the completion of an email change with a valid token')
      .given(
        ...state('emailChangePending', {
          id: OTHER.id,
          newEmail: ONE_TIME.newEmail,
          token: ONE_TIME.emailChangeToken,
        }),
      )
      .withRequest(
        'PUT',
        pathOf('accounts.changeEmail'),
        request({
          body: {
            new_email: ONE_TIME.newEmail,
            token: stateValue('token', ONE_TIME.emailChangeToken),
          },
        }),
      )
      .willRespondWith(200, json({ ...message('Email changed'), email: email(ONE_TIME.newEmail) }))
      .executeTest(async (server) => {
        await anonymousClient(server).accounts.changeEmail({
          new_email: ONE_TIME.newEmail,
          token: ONE_TIME.emailChangeToken,
        });
      }));
});
