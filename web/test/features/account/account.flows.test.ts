/**
 * The account area end to end against the sandbox: registration with the referrer from the link
 * and the username check, confirmation from the outbox, resend, forgot and reset password
 * (social sign-in and reactivation: account.social.test.ts).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, logIn, screenshots, startApp, type TestApp } from '../../harness/browser';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

/** The newest email of a kind sent to an address, as the sandbox outbox holds it. */
function lastMail(to: string, kind: string) {
  return app.sandbox.world.store.data.outbox.find((mail) => mail.to === to && mail.kind === kind);
}

async function expectAccessible(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

describe('registration, confirmation from the outbox, login', () => {
  it('registers with every field and the referrer of the link, confirms from the email, then logs in', async () => {
    const page = await app.newPage();
    await page.goto('/account/register?ref=sarah.mitchell');
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    await page.getByTestId('referrer-notice').getByText('sarah.mitchell').waitFor();

    // Submitting empty: every error sits under its field, focus on the first.
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.locator('[aria-invalid="true"]').count()).toBeGreaterThanOrEqual(7);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('first_name');
    await screenshots(page, 'account-register-errors');
    await expectAccessible(page);

    await page.getByLabel('First name').fill('Miriam');
    await page.getByLabel('Last name').fill('Okafor');
    // A taken username is reported while typing.
    await page.getByLabel('Username').fill('sarah.mitchell');
    await page.getByText('Username is not available').waitFor();
    await page.getByLabel('Username').fill('miriam.okafor');
    await page.getByText('miriam.okafor is available.').waitFor();
    await page.getByLabel('Date of birth').fill('1994-03-12');
    await page.getByRole('radio', { name: 'A woman' }).check();
    await page.getByLabel('Email').fill('miriam@example.test');
    await page.getByLabel('Password').fill('Faithful#2026');
    await page.getByRole('checkbox', { name: /I agree to the terms/ }).check();
    await screenshots(page, 'account-register');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
    await page.getByText('miriam@example.test').first().waitFor();
    await screenshots(page, 'account-verify-email');
    await expectAccessible(page);

    const user = app.sandbox.world.store.userByEmail('miriam@example.test');
    expect(user).toMatchObject({
      first_name: 'Miriam',
      last_name: 'Okafor',
      username: 'miriam.okafor',
      referrer: 'sarah.mitchell',
      confirmed: false,
    });
    expect(user?.profile).toMatchObject({ date_of_birth: '1994-03-12', sex: 'female' });

    // Resend: a second confirmation email arrives.
    const before = app.sandbox.world.store.data.outbox.filter(
      (mail) => mail.to === 'miriam@example.test',
    ).length;
    await page.getByRole('button', { name: 'Send the confirmation link again' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /verification link has been sent/ })
      .waitFor();
    expect(
      app.sandbox.world.store.data.outbox.filter((mail) => mail.to === 'miriam@example.test').length,
    ).toBe(before + 1);

    const mail = lastMail('miriam@example.test', 'account-confirmation');
    expect(mail?.link).toContain('/account/confirm?token=');
    await page.goto(mail?.link ?? '');
    await page.getByRole('heading', { name: 'Your account is confirmed' }).waitFor();
    expect(app.sandbox.world.store.userByEmail('miriam@example.test')?.confirmed).toBe(true);
    await screenshots(page, 'account-confirmed');
    await expectAccessible(page);

    // The link is single use: opening it again explains instead of confirming twice.
    await page.goto(mail?.link ?? '');
    await page.getByRole('heading', { name: 'We could not confirm your account' }).waitFor();
    await screenshots(page, 'account-confirm-failed');

    await logIn(page, 'miriam@example.test', 'Faithful#2026');
    await page.waitForURL('**/matches');
  });

  it('shows the server refusing a taken email under the email field', async () => {
    const page = await app.newPage();
    await page.goto('/account/register');
    await page.getByLabel('First name').fill('Second');
    await page.getByLabel('Last name').fill('Sarah');
    await page.getByLabel('Username').fill('second.sarah');
    await page.getByLabel('Date of birth').fill('1990-01-01');
    await page.getByRole('radio', { name: 'A woman' }).check();
    await page.getByLabel('Email').fill('member1@sandbox.test');
    await page.getByLabel('Password').fill('Faithful#2026');
    await page.getByRole('checkbox', { name: /I agree to the terms/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    const email = page.getByLabel('Email');
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await email.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Email already registered');
    expect(app.sandbox.world.store.userByUsername('second.sarah')).toBeUndefined();
  });
});

describe('forgot and reset password', () => {
  it('sends the reset link, refuses mismatched passwords, resets, and the new password logs in', async () => {
    const page = await app.newPage();
    await page.goto('/account/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    await screenshots(page, 'account-forgot-password');
    await expectAccessible(page);
    await page.getByLabel('Email').fill('member2@sandbox.test');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await screenshots(page, 'account-forgot-password-sent');

    const mail = lastMail('member2@sandbox.test', 'password-reset');
    expect(mail?.link).toMatch(/\/account\/reset-password\?token=.+&email=/);
    await page.goto(mail?.link ?? '');
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await page.getByLabel(/^New password/).fill('Renewed#2026');
    await page.getByLabel('Repeat the new password').fill('Renewed#2027');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('The two passwords are not the same.').waitFor();
    await screenshots(page, 'account-reset-password');
    await expectAccessible(page);
    await page.getByLabel('Repeat the new password').fill('Renewed#2026');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByRole('heading', { name: 'Your password is changed' }).waitFor();

    // The token is spent: the same link now fails with a way to ask again.
    await page.goto(mail?.link ?? '');
    await page.getByLabel(/^New password/).fill('Another#2026');
    await page.getByLabel('Repeat the new password').fill('Another#2026');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('This reset link is invalid, already used or expired.').waitFor();
    await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();

    await logIn(page, 'member2@sandbox.test', 'Renewed#2026');
    await page.waitForURL('**/matches');
  });

  it('an incomplete reset link says so instead of showing a form', async () => {
    const page = await app.newPage();
    await page.goto('/account/reset-password?token=abc');
    await page.getByRole('heading', { name: 'This reset link is incomplete' }).waitFor();
  });
});
