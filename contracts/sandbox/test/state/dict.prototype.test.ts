/**
 * Record ids come from URLs and bodies, so `__proto__`, `constructor` and friends must read as
 * unknown ids, never as Object.prototype (which one call used to turn into "every object in the
 * process is suspended").
 */
import { afterAll, describe, expect, it } from 'vitest';
import { applyProfile } from '../../src/domain/profile';
import { pathOf } from '../support/paths';
import { json, sandbox } from '../support/sandbox';

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype'];
/** Properties an unfixed sandbox would write onto Object.prototype. */
const POLLUTED = ['status', 'is_deleted', 'confirmed', 'roles', 'polluted', 'flagged'];

/** What a fresh object literal inherits for a key; typed without `any`. */
const inherited = (key: string): unknown => (({}) as Record<string, unknown>)[key];

afterAll(() => {
  // An unfixed sandbox runs in this process; leave the prototype clean for whatever runs next.
  const proto = Object.prototype as unknown as Record<string, unknown>;
  for (const key of POLLUTED) delete proto[key];
});

async function token(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}${pathOf('accounts.login')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Sandbox#2026' }),
  });
  return (await json<{ access_token: string }>(response)).access_token;
}

const rawPost = (url: string, path: string, body: string, method = 'POST') =>
  fetch(`${url}${path}`, { method, headers: { 'content-type': 'application/json' }, body });

describe('prototype keys as record ids', () => {
  it('answers 404 for public profiles named after Object.prototype members', async () => {
    const box = await sandbox();
    for (const key of PROTOTYPE_KEYS) {
      const response = await fetch(`${box.url}${pathOf('accounts.publicProfile', { id: key })}`);
      expect(response.status, key).toBe(404);
    }
  });

  it('answers 404 (never 200 or 500) on every lookup by id, file name or room', async () => {
    const box = await sandbox();
    const admin = await token(box.url, 'admin@sandbox.test');
    const headers = { authorization: `Bearer ${admin}` };
    for (const key of PROTOTYPE_KEYS) {
      const paths = [
        pathOf('admin.getUser', { id: key }),
        pathOf('images.get', { filename: key }),
        pathOf('images.list', { userId: key }),
        pathOf('chats.getFile', { filename: key }),
        pathOf('kyc.getDocument', { id: key }),
        `${pathOf('chats.listMessages', { room: key })}?page=1&per_page=20`,
        `/sandbox/media/images/${encodeURIComponent(key)}`,
        `/sandbox/media/avatars/${encodeURIComponent(key)}.svg`,
      ];
      for (const path of paths) {
        const response = await fetch(`${box.url}${path}`, { headers });
        expect(response.status, path).toBe(404);
      }
    }
  });

  it('refuses status words named after prototype members', async () => {
    const box = await sandbox();
    const member = await token(box.url, 'member1@sandbox.test');
    const withToken = await fetch(`${box.url}${pathOf('chats.updateMessageStatus')}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member}` },
      body: JSON.stringify({ ids: ['msg-1'], status: 'constructor' }),
    });
    expect(withToken.status).toBe(400);
  });

  it('an admin suspending user __proto__ suspends nobody', async () => {
    const box = await sandbox();
    const admin = await token(box.url, 'admin@sandbox.test');
    for (const key of ['__proto__', 'constructor']) {
      const response = await fetch(`${box.url}${pathOf('admin.suspendUser', { id: key })}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(response.status, key).toBe(404);
    }
    expect(inherited('status')).toBeUndefined();
  });

  it('a provider state for member __proto__ leaves Object.prototype alone', async () => {
    const box = await sandbox({ pactStates: true });
    const response = await rawPost(
      box.url,
      '/_pact/state',
      JSON.stringify({
        state: 'the account of member {id} is suspended',
        params: { id: '__proto__' },
        action: 'setup',
      }),
    );
    expect(response.status).toBeLessThan(500);
    expect(inherited('status')).toBeUndefined();
    expect(inherited('roles')).toBeUndefined();
    // The demo accounts are untouched and still log in.
    expect(box.world.store.userByEmail('member1@sandbox.test')?.status).toBe('active');
    expect(await token(box.url, 'member1@sandbox.test')).toEqual(expect.any(String));
  });
});

describe('JSON bodies', () => {
  it('refuses __proto__ and constructor.prototype keys, naming where they are, before any handler', async () => {
    const box = await sandbox({ pactStates: true });
    const bodies: [string, string][] = [
      [
        '{"state":"a member {id} exists","params":{"id":"x","__proto__":{"polluted":"yes"}}}',
        'body.params.__proto__',
      ],
      [
        '{"state":"a member {id} exists","params":{"id":"x","constructor":{"prototype":{"polluted":"yes"}}}}',
        'body.params.constructor.prototype',
      ],
      [
        '{"__proto__":{"polluted":"yes"},"email":"member1@sandbox.test","password":"Sandbox#2026"}',
        'body.__proto__',
      ],
    ];
    for (const [body, path] of bodies) {
      const state = await rawPost(box.url, '/_pact/state', body);
      expect(state.status, body).toBe(400);
      expect(await json(state)).toMatchObject({ message: 'Validation failed', errors: [{ path }] });
    }
    expect(
      (await rawPost(box.url, pathOf('accounts.login'), bodies[2]?.[0] ?? '')).status,
      'login with __proto__',
    ).toBe(400);
    expect(inherited('polluted')).toBeUndefined();
  });

  it('still reads an empty JSON body as no body', async () => {
    const box = await sandbox();
    const response = await fetch(`${box.url}/sandbox/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '',
    });
    expect(response.status).toBe(200);
  });

  it('profile changes accept only the known profile fields, as own properties', async () => {
    const box = await sandbox();
    const member = box.world.store.userByEmail('member2@sandbox.test');
    if (!member) throw new Error('member2 is missing');
    // As a body would arrive: JSON.parse makes `__proto__` an own key.
    const changes: Record<string, unknown> = JSON.parse(
      '{"__proto__":{"polluted":"yes"},"constructor":"boom","toString":"boom","valueOf":"boom","hasOwnProperty":"boom","occupation":"Baker","height":"180"}',
    );
    applyProfile(box.world, member, changes);
    for (const key of ['toString', 'valueOf', 'hasOwnProperty', 'constructor'])
      expect(Object.hasOwn(member.profile, key), key).toBe(false);
    expect(Object.getPrototypeOf(member.profile)).toBe(Object.prototype);
    expect(member.profile).toMatchObject({ occupation: 'Baker', height: 180 });
    // Over HTTP too (the SDK's schema strips unknown keys before the handler sees them).
    const admin = await token(box.url, 'admin@sandbox.test');
    const response = await fetch(`${box.url}${pathOf('admin.updateUser', { id: member.keycloakId })}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ toString: 'boom', occupation: 'Potter' }),
    });
    expect(response.status).toBe(200);
    expect(Object.hasOwn(member.profile, 'toString')).toBe(false);
    expect(member.profile.occupation).toBe('Potter');
  });
});
