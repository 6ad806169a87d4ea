/**
 * `app.signIn` stands in for the login form in tests of a screen: its cookies must be the ones the
 * app itself writes, and the page must start signed in with them.
 */
import type { Cookie } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, startApp, type TestApp } from './browser';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
}, 60_000);
afterAll(async () => {
  await app?.close();
});

describe('app.signIn', () => {
  it("writes the cookies the login form writes, and the next load is the member's", async () => {
    const viaForm = await app.newPage();
    await logIn(viaForm, 'member1@sandbox.test');
    const signedIn = await app.newPage();
    await app.signIn(signedIn, 'member1@sandbox.test');
    const shape = (cookies: Cookie[]) =>
      cookies
        .map(({ name, domain, path, secure, httpOnly, sameSite }) => ({
          name,
          domain,
          path,
          secure,
          httpOnly,
          sameSite,
        }))
        .sort((a, b) => a.name.localeCompare(b.name));
    const fromForm = await viaForm.context().cookies();
    const fromSignIn = await signedIn.context().cookies();
    expect(shape(fromForm).map((cookie) => cookie.name)).toEqual(['access_token', 'refresh_token']);
    expect(shape(fromSignIn)).toEqual(shape(fromForm));
    // The same lifetime (365 days), written seconds apart; and tokens the API takes as they are.
    for (const cookie of fromSignIn) {
      const twin = fromForm.find((other) => other.name === cookie.name);
      expect(Math.abs(cookie.expires - (twin?.expires ?? 0))).toBeLessThan(60);
      expect(cookie.value).toMatch(/^[A-Za-z0-9._~%-]+$/);
      expect(decodeURIComponent(cookie.value)).not.toBe('');
    }

    await signedIn.goto('/profile');
    await signedIn.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
    expect(await signedIn.getByLabel('Email', { exact: true }).inputValue()).toBe('member1@sandbox.test');
  });

  it('fails with the API refusal for a wrong password, and leaves no cookie', async () => {
    const page = await app.newPage();
    await expect(app.signIn(page, 'member1@sandbox.test', 'not-the-password')).rejects.toMatchObject({
      status: 401,
    });
    expect(await page.context().cookies()).toEqual([]);
  });
});
