/** usermgmt, the member's settings and devices. */
import { describe, expect, it } from 'vitest';
import { MEMBER } from '../../src/examples';
import { failFast, memberClient } from '../support/clients';
import { boolean, instant, interaction, json, like, pactWith, pathOf, request, state } from '../support/pact';

const pact = pactWith('usermgmt');
const loggedIn = state('memberLoggedIn', { userId: MEMBER.userId });
const token = MEMBER.accessToken;

/** SPEC.md section 3: the switches are booleans; notification_interval values are not shown. */
const settings = {
  allow_newsletter: boolean(true),
  allow_unread_message_notifications: boolean(true),
  allow_new_matches_notifications: boolean(true),
  make_contact_info_visible: boolean(false),
  make_profile_visible: boolean(true),
  notification_interval: like('daily'),
  hide_basic_info: boolean(false),
};

const changes = { allow_newsletter: false, notification_interval: 'weekly' };

describe('usermgmt: settings and devices', () => {
  it('settings.get', () =>
    interaction(pact, 'settings.get', 'a request for the settings of the member')
      .given(...loggedIn)
      .withRequest('GET', pathOf('settings.get'), request({ token }))
      .willRespondWith(200, json(settings))
      .executeTest(async (server) => {
        const answer = await memberClient(server).settings.get();
        expect(answer).toMatchObject({ make_profile_visible: true });
      }));

  it('settings.create', () =>
    interaction(pact, 'settings.create', 'the first settings of a member')
      .given(...loggedIn)
      .given(...state('noSettings', { userId: MEMBER.userId }))
      .withRequest('POST', pathOf('settings.create'), request({ token, body: changes }))
      .willRespondWith(
        200,
        json({ ...settings, allow_newsletter: boolean(false), notification_interval: like('weekly') }),
      )
      .executeTest(async (server) => {
        await memberClient(server).settings.create(changes);
      }));

  it('settings.update', () =>
    interaction(pact, 'settings.update', 'a change of the settings of a member')
      .given(...loggedIn)
      .withRequest('PUT', pathOf('settings.update'), request({ token, body: changes }))
      .willRespondWith(
        200,
        json({ ...settings, allow_newsletter: boolean(false), notification_interval: like('weekly') }),
      )
      .executeTest(async (server) => {
        await memberClient(server).settings.update(changes);
      }));

  it('devices.register', () =>
    interaction(pact, 'devices.register', "the registration of the member's browser")
      .given(...loggedIn)
      .withRequest(
        'POST',
        pathOf('devices.register'),
        request({ token, body: { location: like('Lagos, Nigeria'), type: 'BROWSER', active: true } }),
      )
      .willRespondWith(
        200,
        json({
          id: like('device-1'),
          location: like('Lagos, Nigeria'),
          type: like('BROWSER'),
          active: boolean(true),
          created_at: instant(),
        }),
      )
      .executeTest(async (server) => {
        // Retried 5 times, 5 s apart: failFast ends a mismatch at once.
        await memberClient(server).devices.register(
          { location: 'Lagos, Nigeria', type: 'BROWSER', active: true },
          failFast(server),
        );
      }));
});
