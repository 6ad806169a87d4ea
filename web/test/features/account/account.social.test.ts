/**
 * Social sign-in through the sandbox's simulated provider (consent, deny, a forged state, a new
 * member completing the account) and a deleted account reactivating.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  logIn,
  screenshots,
  startApp,
  submitLogIn,
  type TestApp,
} from '../../harness/browser';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

async function expectAccessible(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

describe('social sign-in', () => {
  it('asks for consent first, signs a new member in through the provider and completes the account', async () => {
    const page = await app.newPage();
    await page.goto('/account/login');
    await page.getByRole('button', { name: 'Continue with social sign-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in with your social account?' });
    await dialog.waitFor();
    // Nothing happened before consent: still on our page, no session.
    expect(new URL(page.url()).pathname).toBe('/account/login');
    await screenshots(page, 'account-social-consent');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Continue to sign in' }).click();

    await page.waitForURL('**/sandbox/oauth/authorize?**');
    const authorize = new URL(page.url());
    expect(authorize.searchParams.get('prompt')).toBe('consent');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    await page.getByLabel('Email').fill('hannah.social@example.test');
    await page.getByRole('button', { name: 'Allow' }).click();

    await page.getByRole('heading', { level: 1, name: 'Complete your account' }).waitFor();
    // The tokens left the address bar.
    expect(page.url()).not.toContain('access_token');
    expect(new URL(page.url()).search).toBe('');
    await screenshots(page, 'account-social-complete');
    await expectAccessible(page);
    await page.getByLabel('Username').fill('hannah.k');
    await page.getByText('hannah.k is available.').waitFor();
    await page.getByLabel('Date of birth').fill('1992-07-01');
    await page.getByRole('radio', { name: 'A woman' }).check();
    await page.getByRole('checkbox', { name: /I agree to the terms/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/profile');
    const user = app.sandbox.world.store.userByEmail('hannah.social@example.test');
    expect(user?.username).toBe('hannah.k');
    expect(user?.provider).toBe('social');
    expect(user?.profile).toMatchObject({ date_of_birth: '1992-07-01', sex: 'female' });
  });

  it('an existing member signs in straight to matches; Deny shares nothing; a foreign state is refused', async () => {
    const page = await app.newPage();
    await page.goto('/account/login');
    await page.getByRole('button', { name: 'Continue with social sign-in' }).click();
    await page.getByRole('button', { name: 'Continue to sign in' }).click();
    await page.waitForURL('**/sandbox/oauth/authorize?**');
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.getByRole('heading', { name: 'Sign-in cancelled' }).waitFor();
    await screenshots(page, 'account-social-denied');

    // A redirect this tab did not start (someone else's state) is ignored.
    await page.goto('/account/social-callback?access_token=x&refresh_token=y&state=forged');
    await page.getByRole('heading', { name: 'Sign-in not started here' }).waitFor();
    expect((await page.context().cookies()).some((cookie) => cookie.value === 'x')).toBe(false);

    await page.goto('/account/login');
    await page.getByRole('button', { name: 'Continue with social sign-in' }).click();
    await page.getByRole('button', { name: 'Continue to sign in' }).click();
    await page.waitForURL('**/sandbox/oauth/authorize?**');
    await page.getByLabel('Email').fill('member5@sandbox.test');
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL('**/matches');
  });
});

describe('reactivation', () => {
  it('the deleted account is sent to reactivate, reactivates, and reaches its matches', async () => {
    const page = await app.newPage();
    await logIn(page, 'deleted@sandbox.test');
    await page.waitForURL('**/account/reactivate');
    await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
    await screenshots(page, 'account-reactivate');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Reactivate my account' }).click();
    await page.waitForURL('**/matches');
    expect(app.sandbox.world.store.userByEmail('deleted@sandbox.test')?.is_deleted).toBe(false);
    // Member areas are open now.
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
  });

  it('says so when the start-up after a reactivation fails, and the next login reaches the matches', async () => {
    const member = app.sandbox.world.store.userByEmail('deleted@sandbox.test');
    if (!member) throw new Error('the sandbox has no deleted@sandbox.test');
    // Deleted again (the test above reactivated it), as the account page's deletion leaves it.
    member.is_deleted = true;
    const page = await app.newPage();
    await logIn(page, 'deleted@sandbox.test');
    await page.waitForURL('**/account/reactivate');
    // The reactivation is stored; the user info that start-up then reads again cannot be had.
    const userInfo = '**/api/usermgmt/v2/accounts/user/info';
    await page.route(userInfo, (route) => route.fulfill({ status: 503, json: { message: 'Unavailable' } }));
    await page.getByRole('button', { name: 'Reactivate my account' }).click();
    await page.getByText('We could not load your account. Please try again.').waitFor();
    expect(member.is_deleted).toBe(false);
    // As a start-up that fails at the first load: the visitor is anonymous, on the login page,
    // with nothing of the account on screen.
    await page.waitForURL((url) => url.pathname === '/account/login');
    expect(await page.getByRole('button', { name: 'Reactivate my account' }).count()).toBe(0);
    await page.unroute(userInfo);
    await submitLogIn(page, 'deleted@sandbox.test');
    await page.waitForURL('**/matches');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  });

  it('a visitor on the reactivate page is asked to log in', async () => {
    const page = await app.newPage();
    await page.goto('/account/reactivate');
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();
  });
});
