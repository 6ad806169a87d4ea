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
        .map(({ name, domain, path, secure, httpOnly, sameSite, expires }) => ({
          name,
          domain,
          path,
          secure,
          httpOnly,
          sameSite,
          // To the hour: the two were written seconds apart.
          expiresHours: Math.round(expires / 3600),
        }))
        .sort((a, b) => a.name.localeCompare(b.name));
    const formCookies = shape(await viaForm.context().cookies());
    expect(formCookies.map((cookie) => cookie.name)).toEqual(['access_token', 'refresh_token']);
    expect(shape(await signedIn.context().cookies())).toEqual(formCookies);

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
