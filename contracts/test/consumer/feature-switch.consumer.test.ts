/** feature-switch: everyone reads the switches; admins toggle features and subfeatures. */
import { describe, expect, it } from 'vitest';
import { ADMIN, FEATURE } from '../../src/examples';
import { adminClient, anonymousClient } from '../support/clients';
import {
  boolean,
  eachLike,
  interaction,
  json,
  like,
  listOf,
  pactWith,
  pathOf,
  request,
  state,
} from '../support/pact';

const pact = pactWith('feature-switch');
const feature = state('feature', { code: FEATURE.code, subfeature: FEATURE.subfeature });
const asAdmin = state('adminLoggedIn', { adminId: ADMIN.adminId });
const switchOf = (code: string) => ({ code: like(code), enabled: boolean(true) });

describe('feature-switch', () => {
  it('features.list', () =>
    interaction(pact, 'features.list', 'a request for every feature switch')
      .given(...feature)
      .withRequest('GET', pathOf('features.list'))
      .willRespondWith(
        200,
        json({
          features: eachLike({
            ...switchOf(FEATURE.code),
            subfeatures: eachLike(switchOf(FEATURE.subfeature)),
          }),
        }),
      )
      .executeTest(async (server) => {
        const answer = await anonymousClient(server).features.list();
        expect(answer.features[0]?.subfeatures?.[0]?.code).toBe(FEATURE.subfeature);
      }));

  it('features.toggle', () =>
    interaction(pact, 'features.toggle', 'an admin toggling a feature')
      .given(...asAdmin)
      .given(...feature)
      .withRequest(
        'PUT',
        pathOf('features.toggle', { code: FEATURE.code }),
        request({ token: ADMIN.accessToken }),
      )
      .willRespondWith(
        200,
        json({
          message: like('CHAT disabled'),
          feature: {
            ...switchOf(FEATURE.code),
            enabled: boolean(false),
            subfeatures: listOf(switchOf(FEATURE.subfeature)),
          },
        }),
      )
      .executeTest(async (server) => {
        await adminClient(server).features.toggle(FEATURE.code);
      }));

  it('features.toggleSubfeature', () =>
    interaction(pact, 'features.toggleSubfeature', 'an admin toggling a subfeature')
      .given(...asAdmin)
      .given(...feature)
      .withRequest(
        'PUT',
        pathOf('features.toggleSubfeature', { code: FEATURE.code }),
        request({ token: ADMIN.accessToken, body: { subfeature: FEATURE.subfeature } }),
      )
      .willRespondWith(
        200,
        json({
          message: like('CHAT_FILES disabled'),
          feature: { ...switchOf(FEATURE.code), subfeatures: eachLike(switchOf(FEATURE.subfeature)) },
          subfeature: { code: like(FEATURE.subfeature), enabled: boolean(false) },
        }),
      )
      .executeTest(async (server) => {
        await adminClient(server).features.toggleSubfeature(FEATURE.code, { subfeature: FEATURE.subfeature });
      }));
});
