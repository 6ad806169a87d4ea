/**
 * Agreement between the pacts and the SDK: every response body and message the pacts promise
 * (the examples pact stores, with matchers already applied) parses with the SDK's own zod schema
 * for that endpoint or event, so a provider that honours the pact cannot break the client.
 */
import { chatEventSchemas, getEndpoint, notificationEventSchemas } from '@matchmaker/sdk/schemas';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_COMMENT, EVENT_METADATA } from '../../src/names';
import { pactOutDir } from '../../src/pact-dirs';
import { endpointOf, type HttpInteraction, jsonContent, readPactDir } from '../../src/pact-file';

const interactions = [...readPactDir(pactOutDir()).values()].flatMap((pact) => pact.interactions);
const http = interactions.filter((i): i is HttpInteraction => i.type === 'Synchronous/HTTP');
const eventSchemas: Record<string, { safeParse(value: unknown): { success: boolean } }> = {
  ...notificationEventSchemas,
  ...chatEventSchemas,
};

describe('pact agreement with the SDK schemas', () => {
  it('has interactions to check', () => {
    expect(http.length).toBeGreaterThan(92);
  });

  it('parses every successful JSON answer with the response schema of its endpoint', () => {
    const failures: string[] = [];
    for (const interaction of http.filter((i) => i.response.status < 300)) {
      const entry = getEndpoint(endpointOf(interaction, ENDPOINT_COMMENT) ?? '');
      if (!entry) {
        failures.push(`${interaction.description}: no catalogue entry`);
        continue;
      }
      if (entry.response === 'binary') {
        if (interaction.response.body?.encoded !== 'base64')
          failures.push(`${entry.id}: expected binary bytes`);
        continue;
      }
      const result = entry.response.safeParse(jsonContent(interaction.response.body));
      if (!result.success) failures.push(`${entry.id} (${interaction.description}): ${result.error.message}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers every failure with the error envelope the SDK surfaces', () => {
    for (const interaction of http.filter((i) => i.response.status >= 400)) {
      expect(jsonContent(interaction.response.body), interaction.description).toMatchObject({
        message: expect.any(String),
      });
    }
  });

  it('parses every message with the SDK schema of its event', () => {
    const failures: string[] = [];
    for (const message of interactions) {
      if (message.type !== 'Asynchronous/Messages') continue;
      const event = String(message.metadata?.[EVENT_METADATA]);
      const schema = eventSchemas[event];
      if (!schema?.safeParse(jsonContent(message.contents)).success)
        failures.push(`${event}: ${message.description}`);
    }
    expect(failures).toEqual([]);
  });
});
