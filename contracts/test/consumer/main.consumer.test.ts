/** main: reverse geocoding of the member's coordinates (the `cordinates` spelling is the contract). */
import { describe, expect, it } from 'vitest';
import { MEMBER } from '../../src/examples';
import { memberClient } from '../support/clients';
import { decimal, interaction, json, like, pactWith, pathOf, regex, request, state } from '../support/pact';

const pact = pactWith('main');

describe('main: locations', () => {
  it('locations.search', () =>
    interaction(pact, 'locations.search', 'a search for the place at some coordinates')
      .given(...state('memberLoggedIn', { userId: MEMBER.userId }))
      .withRequest(
        'POST',
        pathOf('locations.search'),
        request({
          token: MEMBER.accessToken,
          body: { cordinates: { longitude: decimal(3.3792), latitude: decimal(6.5244) } },
        }),
      )
      .willRespondWith(
        200,
        json({ city: like('Lagos'), country: like('Nigeria'), country_code: regex('^[A-Z]{2}$', 'NG') }),
      )
      .executeTest(async (server) => {
        const answer = await memberClient(server).locations.search({ longitude: 3.3792, latitude: 6.5244 });
        expect(answer).toEqual({ city: 'Lagos', country: 'Nigeria', country_code: 'NG' });
      }));
});
