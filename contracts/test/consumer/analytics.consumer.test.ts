/** analytics: the daily-active-user event of a logged-in member. */
import { describe, it } from 'vitest';
import { EXAMPLE_INSTANT, MEMBER } from '../../src/examples';
import { failFast, memberClient } from '../support/clients';
import { instant, interaction, json, like, pactWith, pathOf, request, state } from '../support/pact';

const pact = pactWith('analytics');

const event = {
  device: 'desktop',
  platform: 'web',
  metadata: {
    time: EXAMPLE_INSTANT,
    os: 'Linux',
    browser: 'Chrome',
    screen_size: '1920x1080',
    timezone: 'Africa/Lagos',
  },
};

describe('analytics', () => {
  it('analytics.dau', () =>
    interaction(pact, 'analytics.dau', 'the daily-active-user event of a member')
      .given(...state('memberLoggedIn', { userId: MEMBER.userId }))
      .withRequest(
        'POST',
        pathOf('analytics.dau'),
        request({
          token: MEMBER.accessToken,
          body: {
            device: like(event.device),
            platform: like(event.platform),
            metadata: {
              time: instant(),
              os: like(event.metadata.os),
              browser: like(event.metadata.browser),
              screen_size: like(event.metadata.screen_size),
              timezone: like(event.metadata.timezone),
            },
          },
        }),
      )
      .willRespondWith(200, json({ message: like('Recorded') }))
      .executeTest(async (server) => {
        // Retried 3 times, 10 s apart: failFast ends a mismatch at once.
        await memberClient(server).analytics.dau(event, failFast(server));
      }));
});
