import { describe, expect, it } from 'vitest';
import { isContractError } from '../../src/index';
import { answerFor } from '../support/answers';
import { testClient } from '../support/client';
import { useTestServer } from '../support/server';

const server = useTestServer(answerFor);

const lastRequest = () => server.lastRequest();

const path = '/api/usermgmt/v2/settings';
const settings = {
  allow_newsletter: true,
  allow_unread_message_notifications: false,
  allow_new_matches_notifications: true,
  make_contact_info_visible: false,
  make_profile_visible: true,
  notification_interval: 'daily',
  hide_basic_info: false,
};

describe('settings service requests', () => {
  it('get GETs the settings and resolves the answer as sent', async () => {
    const answer = await testClient(server.url).settings.get();
    const request = lastRequest();
    expect(request.method).toBe('GET');
    expect(request.path).toBe(path);
    expect(request.text).toBe('');
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it('create POSTs every setting', async () => {
    const answer = await testClient(server.url).settings.create(settings);
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe(path);
    expect(request.json).toEqual(settings);
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it('update PUTs only the settings given', async () => {
    await testClient(server.url).settings.update({ make_profile_visible: false, notification_interval: 24 });
    const request = lastRequest();
    expect(request.method).toBe('PUT');
    expect(request.path).toBe(path);
    expect(request.json).toEqual({ make_profile_visible: false, notification_interval: 24 });
  });

  it('a switch that is not a boolean is refused before it is sent, naming the field', async () => {
    const bad = { allow_newsletter: 'yes' } as unknown as { allow_newsletter: boolean };
    const error = await testClient(server.url)
      .settings.update(bad)
      .catch((e: unknown) => e);
    expect(isContractError(error)).toBe(true);
    expect((error as Error).message).toContain('settings.update: request.body.allow_newsletter');
    expect(server.requests).toHaveLength(0);
  });
});
