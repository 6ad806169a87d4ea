import { describe, expect, it } from 'vitest';
import { pathOf } from '../support/paths';
import { sandbox } from '../support/sandbox';

const preflight = (url: string, origin: string, method = 'POST') =>
  fetch(url, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'content-type,authorization,cache-control,pragma',
    },
  });

describe('cross-origin calls (web dev server on another port)', () => {
  it('answers preflights and echoes the origin, and never lets answers be cached', async () => {
    const box = await sandbox();
    const origin = 'http://localhost:5173';
    const answer = await preflight(`${box.url}${pathOf('accounts.login')}`, origin);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
    expect(answer.headers.get('access-control-allow-headers')).toContain('authorization');
    const list = await fetch(`${box.url}${pathOf('features.list')}`, { headers: { origin } });
    expect(list.headers.get('access-control-allow-origin')).toBe(origin);
    expect(list.headers.get('cache-control')).toBe('no-store');
  });

  it('allows localhost and 127.0.0.1 on any port, and the --web-url origin', async () => {
    const box = await sandbox({ webAppUrl: 'http://192.168.1.20:5173/app' });
    for (const origin of [
      'http://localhost:3000',
      'http://127.0.0.1:5173',
      'https://localhost',
      'http://[::1]:8080',
      'http://192.168.1.20:5173',
    ]) {
      const answer = await preflight(`${box.url}${pathOf('accounts.login')}`, origin);
      expect(answer.status, origin).toBe(204);
      expect(answer.headers.get('access-control-allow-origin'), origin).toBe(origin);
    }
  });

  it('never grants other origins, and refuses their writes', async () => {
    const box = await sandbox();
    for (const origin of [
      'https://evil.example',
      'http://localhost.evil.example',
      'http://127.0.0.1.evil.example:8080',
      'null',
    ]) {
      const answer = await preflight(`${box.url}${pathOf('accounts.login')}`, origin);
      expect(answer.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(answer.headers.get('access-control-allow-credentials'), origin).toBeNull();
      const read = await fetch(`${box.url}${pathOf('features.list')}`, { headers: { origin } });
      expect(read.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
    const users = Object.keys(box.world.store.data.users).length;
    box.world.store.data.features = [];
    const evil = { origin: 'https://evil.example' };
    // Simple requests (no preflight) a foreign page could send with a form or no-cors fetch.
    expect((await fetch(`${box.url}/sandbox/reset`, { method: 'POST', headers: evil })).status).toBe(403);
    expect(box.world.store.data.features).toEqual([]);
    expect((await fetch(`${box.url}/sandbox/outbox`, { method: 'DELETE', headers: evil })).status).toBe(403);
    expect((await fetch(`${box.url}/sandbox/errors`, { method: 'DELETE', headers: evil })).status).toBe(403);
    const faults = await fetch(`${box.url}/sandbox/faults`, {
      method: 'PUT',
      headers: { ...evil, 'content-type': 'text/plain' },
      body: '{"failRate":1}',
    });
    expect(faults.status).toBe(403);
    expect(box.faults.failRate).toBe(0);
    expect(Object.keys(box.world.store.data.users)).toHaveLength(users);
    // The sandbox's own pages (same origin) and local tools keep working.
    const own = await fetch(`${box.url}/sandbox/reset`, { method: 'POST', headers: { origin: box.url } });
    expect(own.status).toBe(200);
    expect(box.world.store.data.features.length).toBeGreaterThan(0);
  });
});

describe('provider states endpoint', () => {
  it('is not registered unless pactStates is on', async () => {
    const box = await sandbox();
    const state = await fetch(`${box.url}/_pact/state`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ state: 'the sandbox has its seeded data', action: 'setup' }),
    });
    expect(state.status).toBe(404);
    expect((await fetch(`${box.url}/_pact/states`)).status).toBe(404);
    const enabled = await sandbox({ pactStates: true });
    const ok = await fetch(`${enabled.url}/_pact/state`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ state: 'the sandbox has its seeded data', action: 'setup' }),
    });
    expect(ok.status).toBe(200);
  });
});
