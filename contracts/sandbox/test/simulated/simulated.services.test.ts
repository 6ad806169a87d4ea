import { ipLocationSchema } from '@matchmaker/sdk/schemas';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server';
import { submitForm } from '../support/forms';
import { client, json, loggedIn, sandbox } from '../support/sandbox';

describe('simulated outside world', () => {
  it('shows the home page with the demo accounts while there is no web build', async () => {
    const box = await sandbox({ webDir: '/nonexistent' });
    const response = await fetch(`${box.url}/`);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    for (const account of DEMO_ACCOUNTS) expect(html).toContain(account.email);
    expect(html).toContain('/sandbox/outbox');
  });

  it('puts emails with links into the outbox, and the links complete the flow', async () => {
    const box = await sandbox({ webAppUrl: 'http://localhost:8080' });
    const api = client(box);
    await api.accounts.forgotPassword({ email: 'member3@sandbox.test' });
    const { emails } = await json<{ emails: { kind: string; link: string; token: string; to: string }[] }>(
      await fetch(`${box.url}/sandbox/outbox.json`),
    );
    const reset = emails.find((email) => email.kind === 'password-reset');
    expect(reset?.to).toBe('member3@sandbox.test');
    expect(reset?.link).toMatch(/^http:\/\/localhost:8080\/account\/reset-password\?token=/);
    const token = new URL(reset?.link ?? '').searchParams.get('token') ?? '';
    await api.accounts.resetPassword({ email: 'member3@sandbox.test', token, new_password: 'Brand#New2026' });
    await expect(
      api.accounts.login({ email: 'member3@sandbox.test', password: 'Brand#New2026' }),
    ).resolves.toBeTruthy();
    const page = await (await fetch(`${box.url}/sandbox/outbox`)).text();
    expect(page).toContain('Reset your Matchmaker password');
  });

  it("oauthUpdate is the member's own profile edit: every profile field but the email", async () => {
    const box = await sandbox();
    const api = client(box);
    await api.accounts.login({ email: 'new@sandbox.test', password: DEMO_PASSWORD });
    const answer = await api.accounts.oauthUpdate({
      height: 171,
      religion: 'hindu',
      city: 'Pune',
      country: 'India',
      has_children: false,
      open_for_relocation: true,
      about: 'Teacher.',
      email: 'someone.else@example.test',
    });
    expect(answer.user).toMatchObject({
      height: 171,
      religion: 'hindu',
      city: 'Pune',
      country: 'India',
      has_children: false,
      open_for_relocation: true,
      about: 'Teacher.',
      email: 'new@sandbox.test',
    });
    // Clearing a field stores nothing rather than an empty string.
    const cleared = await api.accounts.oauthUpdate({ city: '' });
    expect(cleared.user.city ?? null).toBeNull();
  });

  it('signs in through the consent page and completes the account with oauthUpdate', async () => {
    const box = await sandbox();
    const consent = await fetch(
      `${box.url}/sandbox/oauth/authorize?redirect_uri=${encodeURIComponent('http://localhost:5173/account/login')}&state=xyz`,
    );
    expect(await consent.text()).toContain('Allow');
    const allowed = await submitForm(
      `${box.url}/sandbox/oauth/consent?decision=allow&email=fresh.face@example.test&state=xyz&redirect_uri=${encodeURIComponent('http://localhost:5173/account/login')}`,
    );
    expect(allowed.status).toBe(303);
    const target = new URL(allowed.headers.get('location') ?? '');
    expect(target.searchParams.get('state')).toBe('xyz');
    expect(target.searchParams.get('new_user')).toBe('true');
    const api = client(box);
    await api.session.setTokens({
      accessToken: target.searchParams.get('access_token') ?? '',
      refreshToken: target.searchParams.get('refresh_token') ?? '',
    });
    await api.accounts.oauthUpdate({
      first_name: 'Fresh',
      last_name: 'Face',
      username: 'fresh.face',
      agreed_to_terms: true,
    });
    const user = await api.accounts.userInfo();
    expect(user).toMatchObject({
      first_name: 'Fresh',
      username: 'fresh.face',
      email: 'fresh.face@example.test',
    });
    const denied = await submitForm(
      `${box.url}/sandbox/oauth/consent?decision=deny&redirect_uri=http://localhost:5173/x`,
    );
    expect(denied.headers.get('location')).toContain('error=access_denied');
  });

  it('activates a subscription from the checkout page', async () => {
    const box = await sandbox();
    const api = await loggedIn(box, 'member3');
    const me = await api.accounts.userInfo();
    const before = (await api.payments.getSubscription(String(me.keycloakId))) as { status: string };
    expect(before.status).toBe('NONE');
    expect(
      (await fetch(`${box.url}/sandbox/checkout?plan_id=plan-gold&user_id=${me.keycloakId}`)).status,
    ).toBe(200);
    const paid = await submitForm(
      `${box.url}/sandbox/checkout/pay?plan_id=plan-gold&offer_id=offer-gold-launch&user_id=${me.keycloakId}&return_url=${encodeURIComponent('http://localhost:5173/payments')}`,
    );
    expect(paid.headers.get('location')).toContain('checkout=success');
    const after = (await api.payments.getSubscription(String(me.keycloakId))) as {
      status: string;
      plan_id: string;
      amount: number;
    };
    expect(after).toMatchObject({ status: 'ACTIVE', plan_id: 'plan-gold', amount: 59.99 });
  });

  it('answers the IP lookup in the ipapi.co format the SDK parses', async () => {
    const box = await sandbox();
    const local = ipLocationSchema.parse(await json(await fetch(`${box.url}/sandbox/ip-lookup`)));
    expect(local).toMatchObject({ city: 'New York', country_code: 'US' });
    const other = ipLocationSchema.parse(
      await json(await fetch(`${box.url}/sandbox/ip-lookup/json/?ip=41.58.1.1`)),
    );
    expect(typeof other.latitude).toBe('number');
  });

  it('accepts Sentry envelopes and lists them', async () => {
    const box = await sandbox();
    const envelope = [
      JSON.stringify({
        event_id: 'abc123',
        dsn: `http://key@127.0.0.1:${box.port}/7`,
        sent_at: new Date().toISOString(),
      }),
      JSON.stringify({ type: 'event' }),
      JSON.stringify({
        level: 'error',
        platform: 'javascript',
        exception: { values: [{ type: 'TypeError', value: 'x is undefined' }] },
      }),
    ].join('\n');
    const sent = await fetch(`${box.url}/api/7/envelope/?sentry_key=key`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: envelope,
    });
    expect(sent.status).toBe(200);
    const { errors } = await json<{
      errors: { event_id: string; type: string; message: string; project_id: string }[];
    }>(await fetch(`${box.url}/sandbox/errors`));
    expect(errors[0]).toMatchObject({
      event_id: 'abc123',
      type: 'event',
      message: 'TypeError: x is undefined',
      project_id: '7',
    });
    const html = await (await fetch(`${box.url}/sandbox/errors?format=html`)).text();
    expect(html).toContain('x is undefined');
  });

  it('serves generated avatars and real document bytes', async () => {
    const box = await sandbox();
    const admin = await loggedIn(box, 'admin');
    const member = box.world.store.userByEmail('member1@sandbox.test');
    const profile = (await admin.images.getProfileImage(member?.keycloakId ?? '')) as {
      imageUrl: string;
      thumbnailUrl: string;
    };
    const svg = await fetch(profile.imageUrl);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(await svg.text()).toContain('<svg');
    expect((await fetch(profile.thumbnailUrl)).status).toBe(200);
    const avatar = await fetch(`${box.url}/sandbox/media/avatars/${member?.keycloakId}.svg`);
    expect(await avatar.text()).toContain('SM');

    const docs = Object.values(box.world.store.data.kycDocuments);
    const pdf = docs.find((doc) => doc.content_type === 'application/pdf');
    const png = docs.find((doc) => doc.content_type === 'image/png');
    const pdfBlob = await admin.kyc.getDocument(pdf?.id ?? '');
    expect(pdfBlob.type).toBe('application/pdf');
    expect(
      Buffer.from(await pdfBlob.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const pngBlob = await admin.kyc.getDocument(png?.id ?? '');
    expect(pngBlob.type).toBe('image/png');
    expect([...Buffer.from(await pngBlob.arrayBuffer()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });
});
