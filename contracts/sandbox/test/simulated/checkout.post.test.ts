/**
 * Paying and signing in change state, so they are form POSTs behind the origin check: a link
 * (GET) changes nothing, a foreign page's form is refused, and the checkout page in a browser
 * still works (its form posts and the redirect leads back to the app).
 */
import { describe, expect, it } from 'vitest';
import { submitForm } from '../support/forms';
import { sandbox } from '../support/sandbox';

describe('checkout and consent', () => {
  it('pays only through a same-site form POST', async () => {
    const box = await sandbox();
    const member = box.world.store.userByEmail('member3@sandbox.test')?.keycloakId ?? '';
    const subscriptions = () =>
      box.world.store.data.subscriptions.filter((sub) => sub.user_id === member).length;
    const fields = `plan_id=plan-gold&user_id=${member}&return_url=${encodeURIComponent('http://localhost:5173/payments')}`;

    const page = await (await fetch(`${box.url}/sandbox/checkout?${fields}`)).text();
    expect(page).toContain('<form method="post" action="/sandbox/checkout/pay">');

    const link = await fetch(`${box.url}/sandbox/checkout/pay?${fields}`, { redirect: 'manual' });
    expect(link.status).toBe(405);
    const foreign = await submitForm(`${box.url}/sandbox/checkout/pay?${fields}`, {
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    expect(subscriptions()).toBe(0);

    const paid = await submitForm(`${box.url}/sandbox/checkout/pay?${fields}`, { origin: box.url });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toMatch(
      /^http:\/\/localhost:5173\/payments\?checkout=success&subscription_id=/,
    );
    expect(subscriptions()).toBe(1);
  });

  it('signs in only through the consent form POST', async () => {
    const box = await sandbox();
    const users = Object.keys(box.world.store.data.users).length;
    const fields = `decision=allow&email=new.face@example.test&redirect_uri=${encodeURIComponent('http://localhost:5173/account/login')}`;
    const consent = await (
      await fetch(
        `${box.url}/sandbox/oauth/authorize?redirect_uri=${encodeURIComponent('http://localhost:5173/x')}`,
      )
    ).text();
    expect(consent).toContain('<form method="post" action="/sandbox/oauth/consent">');
    expect((await fetch(`${box.url}/sandbox/oauth/consent?${fields}`, { redirect: 'manual' })).status).toBe(
      405,
    );
    expect(
      (await submitForm(`${box.url}/sandbox/oauth/consent?${fields}`, { origin: 'https://evil.example' }))
        .status,
    ).toBe(403);
    expect(Object.keys(box.world.store.data.users)).toHaveLength(users);
    const signedIn = await submitForm(`${box.url}/sandbox/oauth/consent?${fields}`, { origin: box.url });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('location')).toContain('access_token=');
    expect(Object.keys(box.world.store.data.users)).toHaveLength(users + 1);
    const long = await submitForm(
      `${box.url}/sandbox/oauth/consent?decision=allow&email=x@example.test&first_name=${'x'.repeat(5_000)}`,
    );
    expect(long.status).toBe(400);
  });
});
