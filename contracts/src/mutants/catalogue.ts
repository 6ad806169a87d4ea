/**
 * Realistic breakages of a backend, as they would show on the wire: each one is a mistake a backend
 * team could ship (a status code chosen differently, a key renamed, a page size ignored, an event
 * renamed) and that would break the web app or the CLI. The pacts must catch them.
 */
import type { ProviderName } from '../names';
import type { Exchange, Mutation } from './proxy';

export type Category =
  | 'status code'
  | 'envelope'
  | 'key name'
  | 'type'
  | 'enum value'
  | 'page size'
  | 'order'
  | 'content type'
  | 'event name'
  | 'event payload'
  | 'socket token';

export interface Mutant extends Mutation {
  readonly name: string;
  readonly category: Category;
  /** The pacts whose verification should catch it (a backend team verifies its own service's). */
  readonly providers: readonly ProviderName[];
}

type Json = unknown;

const isJson = (exchange: Exchange) => String(exchange.headers['content-type'] ?? '').includes('json');

/** Rewrites a JSON body with `change` (its answer replaces the body unless undefined). */
function editJson(exchange: Exchange, change: (body: Json) => Json | undefined): void {
  if (!isJson(exchange) || exchange.body.length === 0) return;
  const body: Json = JSON.parse(exchange.body.toString());
  const next = change(body);
  exchange.body = Buffer.from(JSON.stringify(next === undefined ? body : next));
}

/** Applies `change` to every object in a JSON value, depth first. */
function eachObject(value: Json, change: (object: Record<string, Json>) => void): void {
  if (Array.isArray(value)) for (const item of value) eachObject(item, change);
  else if (typeof value === 'object' && value !== null) {
    const object = value as Record<string, Json>;
    for (const child of Object.values(object)) eachObject(child, change);
    change(object);
  }
}

const renameKey = (from: string, to: string) => (body: Json) =>
  eachObject(body, (object) => {
    if (!(from in object)) return;
    object[to] = object[from];
    delete object[from];
  });

const mapKey = (key: string, map: (value: Json) => Json) => (body: Json) =>
  eachObject(body, (object) => {
    if (key in object) object[key] = map(object[key]);
  });

const on =
  (method: string, path: RegExp, change: (exchange: Exchange) => void) =>
  (exchange: Exchange): void => {
    if (exchange.method === method && path.test(exchange.path)) change(exchange);
  };

const status = (from: number, to: number, when: (exchange: Exchange) => boolean = () => true) => ({
  http(exchange: Exchange) {
    if (exchange.status === from && when(exchange)) exchange.status = to;
  },
});

const contentType = (from: string, to: string) => ({
  http(exchange: Exchange) {
    if (String(exchange.headers['content-type'] ?? '').startsWith(from))
      exchange.headers['content-type'] = to;
  },
});

const renameEvent = (from: string, to: string) => ({
  event: (name: string, payload: unknown): [string, unknown] => [name === from ? to : name, payload],
});

const reshapeEvent = (event: string, change: (payload: Json) => Json) => ({
  event: (name: string, payload: unknown): [string, unknown] => [
    name,
    name === event ? change(structuredClone(payload)) : payload,
  ],
});

/** A list under `key` of a JSON answer, changed by `change`. */
const listEdit = (key: string, change: (list: Json[]) => Json[]) => (body: Json) => {
  const object = body as Record<string, Json>;
  const list = object?.[key];
  if (Array.isArray(list)) object[key] = change(list);
};

export const MUTANTS: readonly Mutant[] = [
  // Status codes the clients branch on.
  {
    name: 'a wrong password answers 403 (the client would refresh instead of showing the error)',
    category: 'status code',
    providers: ['usermgmt'],
    ...status(401, 403, (exchange) => exchange.path.endsWith('/accounts/login')),
  },
  {
    name: 'a member on a back-office call answers 403 instead of 401',
    category: 'status code',
    providers: ['usermgmt'],
    ...status(401, 403, (exchange) => exchange.path.includes('/admin/')),
  },
  {
    name: 'a spent refresh token answers 403 instead of 401',
    category: 'status code',
    providers: ['usermgmt'],
    ...status(401, 403, (exchange) => exchange.path.endsWith('/refresh-token')),
  },
  {
    name: 'an expired access token answers 401 instead of 403 (no refresh)',
    category: 'status code',
    providers: ['usermgmt'],
    ...status(403, 401),
  },
  {
    name: 'a suspended account answers 403 instead of 406',
    category: 'status code',
    providers: ['usermgmt'],
    ...status(406, 403),
  },
  {
    name: 'a sent chat message answers 201',
    category: 'status code',
    providers: ['chats'],
    http: on('POST', /\/chats\/messages$/, (exchange) => {
      exchange.status = 201;
    }),
  },
  {
    name: 'a validation failure answers 422 instead of 400',
    category: 'status code',
    providers: ['usermgmt'],
    ...status(400, 422),
  },
  // Envelopes.
  {
    name: 'the KYC review list is a bare array instead of { requests }',
    category: 'envelope',
    providers: ['bytebox'],
    http: on('POST', /\/kyc\/verifications\/list$/, (exchange) =>
      editJson(exchange, (body) => (body as { requests?: Json }).requests),
    ),
  },
  {
    name: 'the notifications are wrapped in { data }',
    category: 'envelope',
    providers: ['alerts'],
    http: on('GET', /\/notifications$/, (exchange) => editJson(exchange, (body) => ({ data: body }))),
  },
  {
    name: 'errors answer { error } instead of { message }',
    category: 'envelope',
    providers: ['usermgmt'],
    http: (exchange) => {
      if (exchange.status >= 400) editJson(exchange, renameKey('message', 'error'));
    },
  },
  // Key names.
  {
    name: 'tokens come as accessToken / refreshToken',
    category: 'key name',
    providers: ['usermgmt'],
    http: (exchange) =>
      editJson(exchange, (body) => {
        renameKey('access_token', 'accessToken')(body);
        renameKey('refresh_token', 'refreshToken')(body);
      }),
  },
  {
    name: 'chat messages say userId instead of user_id',
    category: 'key name',
    providers: ['chats'],
    http: (exchange) => editJson(exchange, renameKey('user_id', 'userId')),
  },
  {
    name: 'the user info says id instead of keycloakId',
    category: 'key name',
    providers: ['usermgmt'],
    http: on('GET', /\/user\/info$/, (exchange) => editJson(exchange, renameKey('keycloakId', 'id'))),
  },
  // Types.
  {
    name: 'the unread notification count is a string',
    category: 'type',
    providers: ['alerts'],
    http: (exchange) => editJson(exchange, mapKey('count', String)),
  },
  {
    name: 'unix_timestamp of chat messages is a string',
    category: 'type',
    providers: ['chats'],
    http: (exchange) => editJson(exchange, mapKey('unix_timestamp', String)),
  },
  {
    name: 'flagged is the string "false"',
    category: 'type',
    providers: ['bytebox'],
    http: (exchange) => editJson(exchange, mapKey('flagged', String)),
  },
  {
    name: 'created_at of notifications is epoch milliseconds',
    category: 'type',
    providers: ['alerts'],
    http: (exchange) =>
      editJson(
        exchange,
        mapKey('created_at', (value) => (typeof value === 'string' ? Date.parse(value) : value)),
      ),
  },
  // Values the clients branch on.
  {
    name: 'roles without General (every member would be treated as an admin)',
    category: 'enum value',
    providers: ['usermgmt'],
    http: (exchange) =>
      editJson(
        exchange,
        mapKey('roles', (roles) =>
          Array.isArray(roles) ? roles.map((role) => (role === 'General' ? 'MEMBER' : role)) : roles,
        ),
      ),
  },
  {
    name: 'KYC statuses in lower case',
    category: 'enum value',
    providers: ['bytebox'],
    http: (exchange) =>
      editJson(
        exchange,
        mapKey('status', (value) => (typeof value === 'string' ? value.toLowerCase() : value)),
      ),
  },
  {
    name: 'match request statuses in lower case',
    category: 'enum value',
    providers: ['recommendations'],
    http: (exchange) =>
      editJson(
        exchange,
        mapKey('status', (value) => (typeof value === 'string' ? value.toLowerCase() : value)),
      ),
  },
  // Page sizes and order.
  {
    name: 'chat history pages ignore per_page=20 (10 messages)',
    category: 'page size',
    providers: ['chats'],
    http: on('GET', /\/messages$/, (exchange) =>
      editJson(
        exchange,
        listEdit('messages', (list) => list.slice(0, 10)),
      ),
    ),
  },
  {
    name: 'recommendation pages ignore per_page=50 (every recommendation at once)',
    category: 'page size',
    providers: ['recommendations'],
    http: on('GET', /\/matches\/recommendations\/$/, (exchange) =>
      editJson(
        exchange,
        listEdit('recommendations', (list) => [...list, ...list.slice(0, 5)]),
      ),
    ),
  },
  {
    name: 'KYC review pages ignore per_page=15 (the whole queue at once)',
    category: 'page size',
    providers: ['bytebox'],
    http: on('POST', /\/kyc\/verifications\/list$/, (exchange) =>
      editJson(
        exchange,
        listEdit('requests', (list) => [...list, ...list.slice(0, 1)]),
      ),
    ),
  },
  {
    name: 'flagged image pages ignore page_size=100 (one more)',
    category: 'page size',
    providers: ['bytebox'],
    http: on('GET', /\/images\/flagged$/, (exchange) =>
      editJson(
        exchange,
        listEdit('images', (list) => [...list, ...list.slice(0, 1)]),
      ),
    ),
  },
  {
    name: 'admin user search ignores size=15 (one more)',
    category: 'page size',
    providers: ['usermgmt'],
    http: on('POST', /\/admin\/users\/search$/, (exchange) =>
      editJson(
        exchange,
        listEdit('users', (list) => [...list, ...list.slice(0, 1)]),
      ),
    ),
  },
  {
    name: 'chat history pages in the other order',
    category: 'order',
    providers: ['chats'],
    http: on('GET', /\/messages$/, (exchange) =>
      editJson(
        exchange,
        listEdit('messages', (list) => [...list].reverse()),
      ),
    ),
  },
  // Content types.
  {
    name: 'feature switches say enabled: "true"',
    category: 'type',
    providers: ['feature-switch'],
    http: (exchange) => editJson(exchange, mapKey('enabled', String)),
  },
  {
    name: 'the unread chat count comes as { unread }',
    category: 'key name',
    providers: ['chats'],
    http: on('GET', /\/unread\/count$/, (exchange) => editJson(exchange, renameKey('count', 'unread'))),
  },
  {
    name: 'JSON answers served as text/plain',
    category: 'content type',
    providers: ['alerts'],
    ...contentType('application/json', 'text/plain; charset=utf-8'),
  },
  {
    name: 'KYC documents served as application/octet-stream',
    category: 'content type',
    providers: ['bytebox'],
    ...contentType('application/pdf', 'application/octet-stream'),
  },
  {
    name: 'chat files served as application/octet-stream',
    category: 'content type',
    providers: ['chats'],
    ...contentType('image/png', 'application/octet-stream'),
  },
  // Realtime.
  {
    name: 'new_message renamed newMessage',
    category: 'event name',
    providers: ['realtime-chat'],
    ...renameEvent('new_message', 'newMessage'),
  },
  {
    name: 'new_notification renamed notification',
    category: 'event name',
    providers: ['realtime-notifications'],
    ...renameEvent('new_notification', 'notification'),
  },
  {
    name: 'token_expired renamed token-expired',
    category: 'event name',
    providers: ['realtime-chat'],
    ...renameEvent('token_expired', 'token-expired'),
  },
  {
    name: 'new_message payload wrapped in { data }',
    category: 'event payload',
    providers: ['realtime-chat'],
    ...reshapeEvent('new_message', (payload) => ({ data: payload })),
  },
  {
    name: 'active sends isTyping as the string "true"',
    category: 'event payload',
    providers: ['realtime-chat'],
    ...reshapeEvent('active', (payload) => {
      mapKey('isTyping', String)(payload);
      return payload;
    }),
  },
  {
    name: 'online_chats sends { users: [...] } instead of a list',
    category: 'event payload',
    providers: ['realtime-chat'],
    ...reshapeEvent('online_chats', (payload) => ({ users: payload })),
  },
  {
    name: 'new_notification without related_id',
    category: 'event payload',
    providers: ['realtime-notifications'],
    ...reshapeEvent('new_notification', (payload) => {
      eachObject(payload, (object) => {
        delete object.related_id;
      });
      return payload;
    }),
  },
  {
    name: 'new_message created_at in epoch seconds',
    category: 'event payload',
    providers: ['realtime-chat'],
    ...reshapeEvent('new_message', (payload) => {
      mapKey('created_at', (value) =>
        typeof value === 'string' ? Math.floor(Date.parse(value) / 1000) : value,
      )(payload);
      return payload;
    }),
  },
  {
    name: 'token_expired without expired_at',
    category: 'event payload',
    providers: ['realtime-chat'],
    ...reshapeEvent('token_expired', (payload) => {
      eachObject(payload, (object) => {
        delete object.expired_at;
      });
      return payload;
    }),
  },
  {
    name: 'the socket token is read from another query key than token',
    category: 'socket token',
    providers: ['realtime-chat', 'realtime-notifications'],
    handshake(url) {
      const token = url.searchParams.get('token');
      url.searchParams.delete('token');
      if (token !== null) url.searchParams.set('access_token', token);
    },
  },
];
