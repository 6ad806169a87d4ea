/**
 * A link opened while logged out (an emailed one, or any guarded page) continues after the login:
 * the guard sends the visitor to /account/login with the page as `next`, and a password or social
 * login goes on there. Only a same-origin path the role may open is followed; anything else lands
 * on the role's home.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  DEMO_PASSWORD,
  screenshots,
  startApp,
  submitLogIn,
  type TestApp,
} from '../../harness/browser';
import { sandboxMail, sandboxUser } from '../sandbox-world';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

describe('continuing to the page a logged-out visitor opened', () => {
  it('completes the change-email link after logging in', async () => {
    const member = await app.newPage();
    await app.signIn(member, 'member4@sandbox.test');
    await member.goto('/preferences');
    const form = member.getByRole('form', { name: 'Email address' });
    await form.getByLabel('New email address').fill('arjun.return@example.test');
    await form.getByLabel('Password').fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await form.getByText('We sent a confirmation link to arjun.return@example.test').waitFor();
    const link = new URL(sandboxMail(app, 'arjun.return@example.test', 'email-change').link);

    // Another browser, logged out, opens the emailed link.
    const page = await app.newPage();
    await page.goto(link.href);
    await page.waitForURL((url) => url.pathname === '/account/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe(`${link.pathname}${link.search}`);
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    await screenshots(page, 'account-login-next');
    expect(await axeViolations(page)).toEqual([]);

    await submitLogIn(page, 'member4@sandbox.test');
    expect(new URL(page.url()).pathname).toBe('/preferences/change-email');
    await page.getByText('Your email address is now arjun.return@example.test.').waitFor();
    expect(sandboxUser(app, 'arjun.return@example.test').first_name).toBe('Arjun');
  });

  it.each([
    ['protocol-relative', '//evil.test/phish'],
    ['absolute', 'https://evil.test/phish'],
    ['backslash', '/\\evil.test'],
    ['encoded slashes', '/%2F%2Fevil.test'],
  ])('lands on the home page for a hostile next (%s)', async (_what, next) => {
    const page = await app.newPage();
    await page.goto(`/account/login?next=${encodeURIComponent(next)}`);
    await submitLogIn(page, 'member1@sandbox.test');
    const url = new URL(page.url());
    expect(url.origin).toBe(new URL(app.url).origin);
    expect(url.pathname).toBe('/matches');
  });

  it("lands on the role's home for a page the role may not open, and keeps an admin's own", async () => {
    const member = await app.newPage();
    await member.goto('/account/login?next=%2Fadmin%2Fusers');
    await submitLogIn(member, 'member1@sandbox.test');
    expect(new URL(member.url()).pathname).toBe('/matches');

    const admin = await app.newPage();
    await admin.goto('/admin/users?q=ann');
    await admin.waitForURL((url) => url.pathname === '/account/login');
    await submitLogIn(admin, 'admin@sandbox.test');
    const landed = new URL(admin.url());
    expect(`${landed.pathname}${landed.search}`).toBe('/admin/users?q=ann');
  });

  it('continues there after a social sign-in too', async () => {
    const page = await app.newPage();
    await page.goto('/profile/photos');
    await page.waitForURL((url) => url.pathname === '/account/login');
    await page.getByRole('button', { name: 'Continue with social sign-in' }).click();
    await page.getByRole('button', { name: 'Continue to sign in' }).click();
    await page.waitForURL('**/sandbox/oauth/authorize?**');
    await page.getByLabel('Email').fill('member5@sandbox.test');
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.pathname === '/profile/photos');
    await page.getByRole('heading', { level: 1 }).waitFor();
  });
});
