/**
 * Reading V4 pact files: just the parts the checks and the verifier look at, validated by hand so
 * a malformed file fails with a clear message instead of an undefined somewhere later.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface PactBody {
  content?: unknown;
  contentType?: string;
  /** false for JSON, 'base64' for binary bodies. */
  encoded?: false | string;
}

export interface ProviderStateRef {
  name: string;
  params?: Record<string, unknown>;
}

interface InteractionBase {
  description: string;
  providerStates?: ProviderStateRef[];
  comments?: Record<string, unknown>;
}

export interface HttpInteraction extends InteractionBase {
  type: 'Synchronous/HTTP';
  request: {
    method: string;
    path: string;
    query?: Record<string, string[]>;
    headers?: Record<string, string[]>;
    body?: PactBody;
    generators?: { path?: { type?: string; expression?: string } };
  };
  response: { status: number; headers?: Record<string, string[]>; body?: PactBody };
}

export interface MessageInteraction extends InteractionBase {
  type: 'Asynchronous/Messages';
  contents: PactBody;
  metadata?: Record<string, unknown>;
}

export type Interaction = HttpInteraction | MessageInteraction;

export interface PactFile {
  consumer: { name: string };
  provider: { name: string };
  interactions: Interaction[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function fail(file: string, what: string): never {
  throw new Error(`${file}: ${what}`);
}

function checkInteraction(file: string, value: unknown, index: number): Interaction {
  const where = `interaction ${index}`;
  if (!isRecord(value) || typeof value.description !== 'string') fail(file, `${where} has no description`);
  if (value.type === 'Synchronous/HTTP') {
    const { request, response } = value;
    if (!isRecord(request) || typeof request.method !== 'string' || typeof request.path !== 'string') {
      fail(file, `${where} has no request method and path`);
    }
    if (!isRecord(response) || typeof response.status !== 'number')
      fail(file, `${where} has no response status`);
    return value as unknown as HttpInteraction;
  }
  if (value.type === 'Asynchronous/Messages') {
    if (!isRecord(value.contents)) fail(file, `${where} has no message contents`);
    return value as unknown as MessageInteraction;
  }
  return fail(file, `${where} has the unsupported type ${String(value.type)}`);
}

export function readPactFile(file: string): PactFile {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!isRecord(parsed)) fail(file, 'is not a JSON object');
  const { consumer, provider, interactions } = parsed;
  if (!isRecord(consumer) || typeof consumer.name !== 'string') fail(file, 'has no consumer name');
  if (!isRecord(provider) || typeof provider.name !== 'string') fail(file, 'has no provider name');
  if (!Array.isArray(interactions)) fail(file, 'has no interactions');
  return {
    consumer: { name: consumer.name },
    provider: { name: provider.name },
    interactions: interactions.map((entry, index) => checkInteraction(file, entry, index)),
  };
}

/** Every `*.json` pact of a directory, by file name. */
export function readPactDir(dir: string): Map<string, PactFile> {
  const pacts = new Map<string, PactFile>();
  if (!existsSync(dir)) return pacts;
  for (const name of readdirSync(dir).sort()) {
    if (name.endsWith('.json')) pacts.set(name, readPactFile(join(dir, name)));
  }
  return pacts;
}

/** The catalogue entry an HTTP interaction exercises, from its `endpoint` comment. */
export function endpointOf(interaction: HttpInteraction, commentKey: string): string | undefined {
  const value = interaction.comments?.[commentKey];
  return typeof value === 'string' ? value : undefined;
}

/** The JSON value of a body as the provider must produce it (examples, matchers already applied). */
export function jsonContent(body: PactBody | undefined): unknown {
  if (body === undefined || body.encoded !== false) return undefined;
  return body.content;
}
