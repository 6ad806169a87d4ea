/**
 * Every catalogue entry and every realtime event has an interaction, in the pact of the right
 * provider, and each interaction says (and matches) the entry it stands for.
 */
import { endpointList, getEndpoint } from '@matchmaker/sdk/schemas';
import { describe, expect, it } from 'vitest';
import {
  ALL_PROVIDERS,
  CONSUMER,
  ENDPOINT_COMMENT,
  EVENT_METADATA,
  HTTP_PROVIDERS,
  pactFileName,
  REALTIME_EVENTS,
  REALTIME_PROVIDERS,
} from '../../src/names';
import { pactOutDir } from '../../src/pact-dirs';
import { endpointOf, type HttpInteraction, type MessageInteraction, readPactDir } from '../../src/pact-file';

const pacts = readPactDir(pactOutDir());
const httpOf = (provider: string): HttpInteraction[] =>
  pacts
    .get(pactFileName(provider))
    ?.interactions.filter((i): i is HttpInteraction => i.type === 'Synchronous/HTTP') ?? [];
const messagesOf = (provider: string): MessageInteraction[] =>
  pacts
    .get(pactFileName(provider))
    ?.interactions.filter((i): i is MessageInteraction => i.type === 'Asynchronous/Messages') ?? [];
const allHttp = HTTP_PROVIDERS.flatMap((provider) => httpOf(provider));

/** `/a/{id}/b` as a pattern for example paths. */
const templatePattern = (template: string) =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}|\{\w+\}/g, '[^/]+')}$`);

describe('pact coverage', () => {
  it('writes one pact per provider, and nothing else', () => {
    expect([...pacts.keys()].sort()).toEqual(ALL_PROVIDERS.map(pactFileName).sort());
    for (const [file, pact] of pacts) {
      expect(pact.consumer.name, file).toBe(CONSUMER);
      expect(pactFileName(pact.provider.name), file).toBe(file);
    }
  });

  it('has a pact for every provider of the catalogue', () => {
    expect([...new Set(endpointList.map((entry) => entry.provider))].sort()).toEqual(
      [...HTTP_PROVIDERS].sort(),
    );
  });

  it('has at least one interaction for every catalogue entry', () => {
    const missing = endpointList
      .filter((entry) => !httpOf(entry.provider).some((i) => endpointOf(i, ENDPOINT_COMMENT) === entry.id))
      .map((entry) => entry.id);
    expect(missing, 'catalogue entries without an interaction').toEqual([]);
    expect(endpointList).toHaveLength(92);
  });

  it('names a catalogue entry of its provider in every HTTP interaction, with its method and path', () => {
    const wrong: string[] = [];
    for (const provider of HTTP_PROVIDERS) {
      for (const interaction of httpOf(provider)) {
        const entry = getEndpoint(endpointOf(interaction, ENDPOINT_COMMENT) ?? '');
        const { method, path } = interaction.request;
        if (
          !entry ||
          entry.provider !== provider ||
          entry.method !== method ||
          !templatePattern(entry.path).test(path)
        ) {
          wrong.push(`${provider}: ${interaction.description} (${method} ${path})`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('takes every path parameter from a provider state, never a hard-coded id', () => {
    const hardCoded = allHttp
      .filter((interaction) =>
        getEndpoint(endpointOf(interaction, ENDPOINT_COMMENT) ?? '')?.path.includes('{'),
      )
      .filter((interaction) => interaction.request.generators?.path?.type !== 'ProviderState')
      .map((interaction) => interaction.description);
    expect(hardCoded).toEqual([]);
  });

  it('has a message for every realtime event, in the pact of its channel', () => {
    for (const provider of REALTIME_PROVIDERS) {
      const events = messagesOf(provider).map((message) => message.metadata?.[EVENT_METADATA]);
      expect([...new Set(events)].sort(), provider).toEqual([...REALTIME_EVENTS[provider]].sort());
    }
  });

  it('covers the answers the client depends on', () => {
    const statuses = (id: string) =>
      allHttp.filter((i) => endpointOf(i, ENDPOINT_COMMENT) === id).map((i) => i.response.status);
    // 403 for an expired token, then the refresh, then the replay.
    expect(statuses('accounts.userInfo')).toEqual(expect.arrayContaining([403, 406, 200]));
    expect(statuses('accounts.refreshToken')).toContain(200);
    // 400 with field errors for a bad registration.
    const badRegistration = allHttp.find(
      (i) => endpointOf(i, ENDPOINT_COMMENT) === 'accounts.register' && i.response.status === 400,
    );
    expect(badRegistration?.response.body?.content).toMatchObject({ errors: [{ path: expect.any(String) }] });
    // Empty pages.
    const emptyPages = allHttp.filter((i) => {
      const content = i.response.body?.content;
      return (
        typeof content === 'object' &&
        content !== null &&
        Object.values(content).some((v) => Array.isArray(v) && v.length === 0)
      );
    });
    expect(emptyPages.length).toBeGreaterThanOrEqual(4);
    // Binary documents and files.
    for (const id of ['kyc.getDocument', 'chats.getFile']) {
      const binary = allHttp.find((i) => endpointOf(i, ENDPOINT_COMMENT) === id);
      expect(binary?.response.body?.encoded, id).toBe('base64');
    }
  });
});
