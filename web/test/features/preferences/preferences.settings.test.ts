import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  DEMO_PASSWORD,
  logIn,
  screenshots,
  startApp,
  type TestApp,
  WAIT_TEXT,
} from '../../harness/browser';
import { sandboxMail, sandboxUser } from '../sandbox-world';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const userOf = (email: string) => sandboxUser(app, email);
const mailTo = (to: string, kind: string) => sandboxMail(app, to, kind);

const SWITCHES = {
  allow_unread_message_notifications: 'Unread messages',
  allow_new_matches_notifications: 'New matches',
  allow_newsletter: 'Newsletter',
  make_profile_visible: 'Show my profile',
  make_contact_info_visible: 'Show my contact information',
  hide_basic_info: 'Hide my basic information',
} as const;

async function readForm(page: Page) {
  const values: Record<string, boolean | string> = {};
  for (const [key, label] of Object.entries(SWITCHES))
    values[key] = await page.getByRole('checkbox', { name: label, exact: true }).isChecked();
  values.notification_interval = await page.getByLabel('How often to email me').inputValue();
  return values;
}

describe('preferences: settings, password, email and username', () => {
  it('saves every settings field; the change survives a reload and is what the server stores', async () => {
    const page = await app.newPage();
    await app.signIn(page, 'new@sandbox.test');
    await page.goto('/preferences');
    await page.getByRole('button', { name: 'Save settings' }).waitFor();
    const before = await readForm(page);
    // The member never saved settings: the form shows the provider's defaults.
    expect(app.sandbox.world.store.settingsOf(userOf('new@sandbox.test').keycloakId)).toBeUndefined();
    await screenshots(page, 'preferences');
    expect(await axeViolations(page)).toEqual([]);

    const expected: Record<string, boolean | string> = {};
    for (const [key, label] of Object.entries(SWITCHES)) {
      expected[key] = !before[key];
      await page.getByRole('checkbox', { name: label, exact: true }).setChecked(expected[key] === true);
    }
    expected.notification_interval = before.notification_interval === 'weekly' ? 'hourly' : 'weekly';
    await page.getByLabel('How often to email me').selectOption(String(expected.notification_interval));
    await page.getByText('You have unsaved changes.').waitFor();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Your settings are saved.').waitFor();

    expect(app.sandbox.world.store.settingsOf(userOf('new@sandbox.test').keycloakId)).toEqual(expected);
    await page.reload();
    await page.getByRole('button', { name: 'Save settings' }).waitFor();
    expect(await readForm(page)).toEqual(expected);
    expect(await page.getByText('You have unsaved changes.').count()).toBe(0);
  });

  it('shows an error state with a retry when the settings cannot be loaded', async () => {
    const page = await app.newPage({ width: 375 });
    await app.signIn(page, 'member2@sandbox.test');
    let fail = true;
    await page.route('**/api/usermgmt/v2/settings', (route) =>
      fail && route.request().method() === 'GET'
        ? route.fulfill({ status: 503, json: { message: 'Settings are resting' } })
        : route.fallback(),
    );
    await page.goto('/preferences');
    const error = page.getByRole('alert').filter({ hasText: 'Your settings could not be loaded' });
    await error.waitFor();
    await screenshots(page, 'preferences-error');
    fail = false;
    await error.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('button', { name: 'Save settings' }).waitFor();
  });

  it('drops a settings answer that arrives after logout: the next member sees their own settings', async () => {
    // Two members with different settings, so an answer shown to the wrong one is visible.
    const store = app.sandbox.world.store;
    const own = store.settingsOf(userOf('member5@sandbox.test').keycloakId);
    if (!own) throw new Error('member5 has settings in the seed');
    const other = { ...own, allow_newsletter: !own.allow_newsletter, hide_basic_info: !own.hide_basic_info };
    store.data.settings[userOf('member2@sandbox.test').keycloakId] = other;
    const page = await app.newPage();
    await app.signIn(page, 'member2@sandbox.test');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let delivered = () => {};
    const lateAnswerDone = new Promise<void>((resolve) => {
      delivered = resolve;
    });
    let first = true;
    await page.route('**/api/usermgmt/v2/settings', async (route) => {
      if (!first || route.request().method() !== 'GET') return route.fallback();
      first = false;
      const response = await route.fetch();
      await held;
      await route.fulfill({ response }).catch(() => {});
      delivered();
    });
    await page.goto('/preferences');
    await page.getByText('Loading your settings').waitFor();

    // Log out and in as someone else without reloading the page, so member2's answer is still due.
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/account/login');
    await page.getByLabel('Email').fill('member5@sandbox.test');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/account/login'));
    await page.getByRole('link', { name: 'Preferences' }).click();
    await page.getByRole('button', { name: 'Save settings' }).waitFor();
    expect(await readForm(page)).toEqual(own);

    release();
    await lateAnswerDone;
    // Let the page handle the late answer (two frames: the fetch settles, React renders).
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(await readForm(page)).toEqual(own);
  });

  it('changes the password: a wrong current one is refused beside its field; the new one logs in', async () => {
    const page = await app.newPage();
    await app.signIn(page, 'member3@sandbox.test');
    await page.goto('/preferences');
    const form = page.getByRole('form', { name: 'Password' });
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel(/^New password/).fill('Another#2027');
    await form.getByLabel('Repeat the new password').fill('Another#2027');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Current password is incorrect').waitFor();
    expect(await form.getByLabel(/^New password/).inputValue()).toBe('Another#2027');

    await form.getByLabel('Current password').fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password is changed.').waitFor();
    expect(await form.getByLabel('Current password').inputValue()).toBe('');

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/account/login');
    await logIn(page, 'member3@sandbox.test', 'Another#2027');
    expect(new URL(page.url()).pathname).not.toBe('/account/login');
  });

  it('a refusal about a field the form does not show is shown at the top, not dropped', async () => {
    const page = await app.newPage();
    await app.signIn(page, 'member4@sandbox.test');
    await page.goto('/preferences');
    await page.route('**/password', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              message: 'Validation failed',
              errors: [{ path: 'body.password_policy', message: 'Passwords must differ from the last five' }],
            }),
          })
        : route.fallback(),
    );
    const form = page.getByRole('form', { name: 'Password' });
    await form.getByLabel('Current password').fill(DEMO_PASSWORD);
    await form.getByLabel(/^New password/).fill('Another#2027');
    await form.getByLabel('Repeat the new password').fill('Another#2027');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Passwords must differ from the last five').waitFor();
  });

  it('changes the email through the link emailed to the new address', async () => {
    const page = await app.newPage();
    await app.signIn(page, 'member4@sandbox.test');
    await page.goto('/preferences');
    const form = page.getByRole('form', { name: 'Email address' });
    await form.getByLabel('New email address').fill('arjun.new@example.test');
    await form.getByLabel('Password').fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await form.getByText('We sent a confirmation link to arjun.new@example.test').waitFor();
    expect(userOf('member4@sandbox.test').email).toBe('member4@sandbox.test');

    const mail = mailTo('arjun.new@example.test', 'email-change');
    expect(new URL(mail.link).pathname).toBe('/preferences/change-email');
    await page.goto(mail.link);
    await page.getByText('Your email address is now arjun.new@example.test.').waitFor();
    expect(app.sandbox.world.store.userByEmail('arjun.new@example.test')?.first_name).toBe('Arjun');
    await screenshots(page, 'preferences-email-confirmed');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Back to preferences' }).click();
    await page.getByRole('form', { name: 'Email address' }).getByText('arjun.new@example.test').waitFor();

    // The same link twice: the token is spent, and the page says so.
    await page.goto(mail.link);
    await page.getByRole('heading', { name: 'The change could not be confirmed' }).waitFor();
    await expect.poll(() => page.getByRole('alert').textContent(), WAIT_TEXT).toContain('Invalid or expired');
    await screenshots(page, 'preferences-link-invalid');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('changes the username through the emailed confirmation link', async () => {
    const page = await app.newPage();
    await app.signIn(page, 'member5@sandbox.test');
    await page.goto('/preferences');
    const form = page.getByRole('form', { name: 'Username' });
    await form.getByLabel('New username').fill('noa_renamed');
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await form.getByText('We emailed you a link to confirm noa_renamed').waitFor();

    const mail = mailTo('member5@sandbox.test', 'username-change');
    expect(new URL(mail.link).pathname).toBe('/preferences/change-username');
    await page.goto(mail.link);
    await page.getByText('Your username is now noa_renamed.').waitFor();
    expect(userOf('member5@sandbox.test').username).toBe('noa_renamed');
    await screenshots(page, 'preferences-username-confirmed');
    await page.goto('/preferences');
    await page.getByRole('form', { name: 'Username' }).getByText('noa_renamed', { exact: true }).waitFor();
  });
});
