/**
 * The simulated pages redirect only to the app (localhost, 127.0.0.1, the --web-url origin, or a
 * path of the sandbox), fault settings are validated, and a revoked session loses its sockets.
 */
import type { MatchmakerClient } from '@matchmaker/sdk';
import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { submitForm } from '../support/forms';
import { pathOf } from '../support/paths';
import { loggedIn, sandbox } from '../support/sandbox';

const FOREIGN = [
  'javascript:alert(document.domain)',
  'JavaScript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'https://evil.example/payments',
  '//evil.example/payments',
  '/\\evil.example/payments',
  'http://localhost.evil.example/payments',
];

describe('checkout return_url', () => {
  it('offers Cancel and redirects only to the app or a relative path', async () => {
    const box = await sandbox({ webAppUrl: 'http://192.168.1.20:5173' });
    const member = box.world.store.userByEmail('member3@sandbox.test')?.keycloakId ?? '';
    const pay = (returnUrl: string) =>
      submitForm(
        `${box.url}/sandbox/checkout/pay?plan_id=plan-gold&user_id=${member}&return_url=${encodeURIComponent(returnUrl)}`,
      );
    for (const returnUrl of FOREIGN) {
      const pageAnswer = await fetch(
        `${box.url}/sandbox/checkout?plan_id=plan-gold&user_id=${member}&return_url=${encodeURIComponent(returnUrl)}`,
      );
      expect(pageAnswer.status, returnUrl).toBe(400);
      expect((await pageAnswer.text()).toLowerCase(), returnUrl).not.toContain('javascript:');
      const paid = await pay(returnUrl);
      expect(paid.status, returnUrl).toBe(400);
      expect(paid.headers.get('location'), returnUrl).toBeNull();
    }
    // Nothing was bought through a refused redirect.
    expect(box.world.store.data.subscriptions.some((sub) => sub.user_id === member)).toBe(false);
    for (const [returnUrl, location] of [
      ['/payments', /^\/payments\?checkout=success&subscription_id=/],
      ['http://localhost:5173/payments', /^http:\/\/localhost:5173\/payments\?checkout=success/],
      ['http://127.0.0.1:8080/payments?x=1', /^http:\/\/127\.0\.0\.1:8080\/payments\?x=1&checkout=success/],
      ['http://192.168.1.20:5173/payments', /^http:\/\/192\.168\.1\.20:5173\/payments\?checkout=success/],
    ] as const) {
      const page = await fetch(
        `${box.url}/sandbox/checkout?plan_id=plan-gold&user_id=${member}&return_url=${encodeURIComponent(returnUrl)}`,
      );
      expect(page.status, returnUrl).toBe(200);
      expect(await page.text(), returnUrl).toContain('Cancel');
      const paid = await pay(returnUrl);
      expect(paid.status, returnUrl).toBe(303);
      expect(paid.headers.get('location'), returnUrl).toMatch(location);
    }
  });
});

describe('social sign-in redirect_uri', () => {
  it('refuses to hand tokens to another site', async () => {
    const box = await sandbox();
    const users = Object.keys(box.world.store.data.users).length;
    for (const redirect of FOREIGN) {
      const uri = encodeURIComponent(redirect);
      expect((await fetch(`${box.url}/sandbox/oauth/authorize?redirect_uri=${uri}`)).status, redirect).toBe(
        400,
      );
      for (const decision of ['allow', 'deny']) {
        const answer = await submitForm(
          `${box.url}/sandbox/oauth/consent?decision=${decision}&email=taken.over@example.test&redirect_uri=${uri}`,
        );
        expect(answer.status, `${decision} ${redirect}`).toBe(400);
        expect(answer.headers.get('location')).toBeNull();
      }
    }
    expect(Object.keys(box.world.store.data.users)).toHaveLength(users);
    const allowed = await submitForm(
      `${box.url}/sandbox/oauth/consent?decision=allow&email=member1@sandbox.test&redirect_uri=${encodeURIComponent('http://localhost:5173/account/login')}`,
    );
    expect(allowed.status).toBe(303);
    expect(allowed.headers.get('location')).toMatch(
      /^http:\/\/localhost:5173\/account\/login\?access_token=/,
    );
  });
});

describe('fault settings', () => {
  const put = (url: string, body: string) =>
    fetch(`${url}/sandbox/faults`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body });

  it('refuses negative, non-finite or out-of-range values, and keeps the old settings', async () => {
    const box = await sandbox();
    for (const body of [
      '{"latencyMs":{"min":-5,"max":10}}',
      '{"latencyMs":{"min":0,"max":1e999}}',
      '{"latencyMs":{"min":20,"max":10}}',
      '{"latencyMs":{"min":1.5,"max":10}}',
      '{"failRate":2}',
      '{"failRate":-0.1}',
      '{"failRate":"0.5"}',
      '{"prefix":"api"}',
      '{"unknown":true}',
    ]) {
      const answer = await put(box.url, body);
      expect(answer.status, body).toBe(400);
      expect(await answer.json(), body).toMatchObject({ message: 'Validation failed' });
    }
    expect(box.faults).toEqual({ failRate: 0, latencyMs: undefined, prefix: '/api' });
    const ok = await put(box.url, '{"failRate":0.25,"latencyMs":{"min":5,"max":10},"prefix":"/api/chats"}');
    expect(ok.status).toBe(200);
    expect(box.faults).toEqual({ failRate: 0.25, latencyMs: { min: 5, max: 10 }, prefix: '/api/chats' });
    expect((await put(box.url, '{"latencyMs":null}')).status).toBe(200);
    expect(box.faults.latencyMs).toBeUndefined();
  });
});

describe('sockets of revoked sessions', () => {
  const sockets: Socket[] = [];
  const clients: MatchmakerClient[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
    clients.splice(0);
  });

  async function session(url: string, box: Awaited<ReturnType<typeof sandbox>>, who: string) {
    const api = await loggedIn(box, who);
    clients.push(api);
    const token = (await api.session.getTokens())?.accessToken ?? '';
    const socket = io(`${url}/chat`, {
      path: '/socket.io',
      query: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return { api, token, socket };
  }

  const disconnected = (socket: Socket) =>
    new Promise<void>((resolve) => {
      if (socket.disconnected) resolve();
      else socket.once('disconnect', () => resolve());
    });

  it('logout and password change close the sockets whose token was revoked, and only those', async () => {
    const box = await sandbox();
    const a = await session(box.url, box, 'member1');
    const b = await session(box.url, box, 'member1');
    const c = await session(box.url, box, 'member1');

    await a.api.accounts.logout();
    await disconnected(a.socket);
    expect(b.socket.connected && c.socket.connected).toBe(true);

    await b.api.accounts.changePassword({ old_password: 'Sandbox#2026', new_password: 'Changed#2026' });
    await disconnected(c.socket);
    expect(b.socket.connected).toBe(true);

    // Only the surviving session hears what happens next.
    const heard: string[] = [];
    for (const [name, entry] of [
      ['a', a],
      ['b', b],
      ['c', c],
    ] as const)
      entry.socket.on('new_message', () => heard.push(name));
    const member2 = await loggedIn(box, 'member2');
    await member2.chats.sendMessage({
      recipient_id: box.world.store.userByEmail('member1@sandbox.test')?.keycloakId ?? '',
      message: 'Still there?',
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toEqual(['b']);
    expect(
      (
        await fetch(`${box.url}${pathOf('accounts.userInfo')}`, {
          headers: { authorization: `Bearer ${c.token}` },
        })
      ).status,
    ).toBe(403);
  });
});
