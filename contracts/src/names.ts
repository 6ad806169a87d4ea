/**
 * Names shared by the consumer tests, the checks and the verifier: who the consumer is, which
 * providers have a pact and what their files are called (where they live: `pact-dirs.ts`).
 */
import { chatEventSchemas, notificationEventSchemas, type Provider } from '@matchmaker/sdk/schemas';

export const CONSUMER = 'matchmaker';

/** One pact per backend service; the names are the catalogue's `provider` values. */
export const HTTP_PROVIDERS = [
  'usermgmt',
  'main',
  'bytebox',
  'feature-switch',
  'alerts',
  'recommendations',
  'chats',
  'payment',
  'analytics',
] as const satisfies readonly Provider[];

const eventsOf = <S extends Record<string, unknown>>(schemas: S) =>
  Object.keys(schemas) as (keyof S & string)[];

/**
 * The socket.io channels, each a message provider of its own (SPEC.md section 4). The events are
 * the SDK's own event tables, so an event added there fails the coverage check until it has a pact.
 */
export const REALTIME_EVENTS = {
  'realtime-notifications': eventsOf(notificationEventSchemas),
  'realtime-chat': eventsOf(chatEventSchemas),
};

export type HttpProvider = (typeof HTTP_PROVIDERS)[number];
export type RealtimeProvider = keyof typeof REALTIME_EVENTS;
export type ProviderName = HttpProvider | RealtimeProvider;
export type RealtimeEvent = (typeof REALTIME_EVENTS)[RealtimeProvider][number];

export const REALTIME_PROVIDERS = Object.keys(REALTIME_EVENTS) as RealtimeProvider[];
export const ALL_PROVIDERS: readonly ProviderName[] = [...HTTP_PROVIDERS, ...REALTIME_PROVIDERS];

export function isProviderName(value: string): value is ProviderName {
  return (ALL_PROVIDERS as readonly string[]).includes(value);
}

/** The file name pact-js gives a pact: `<consumer>-<provider>.json`. */
export const pactFileName = (provider: string): string => `${CONSUMER}-${provider}.json`;

/** Interaction comment key naming the catalogue entry an HTTP interaction exercises. */
export const ENDPOINT_COMMENT = 'endpoint';
/** Message metadata key naming the socket.io event a message interaction stands for. */
export const EVENT_METADATA = 'event';
