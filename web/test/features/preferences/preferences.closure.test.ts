import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  cookieNames,
  logIn,
  screenshots,
  startApp,
  type TestApp,
} from '../../harness/browser';
import { sandboxUser } from '../sandbox-world';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const userOf = (email: string) => sandboxUser(app, email);

describe('preferences: deactivate and delete the account, each confirmed', () => {
  it('deactivates only after the dialog is confirmed, then the session ends', async () => {
    const page = await app.newPage();
    await app.signIn(page, 'member2@sandbox.test');
    await page.goto('/preferences');
    await page.getByRole('button', { name: 'Deactivate account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Deactivate your account?' });
    await dialog.waitFor();
    await screenshots(page, 'preferences-deactivate-dialog');
    expect(await axeViolations(page)).toEqual([]);

    // Keeping the account changes nothing.
    await dialog.getByRole('button', { name: 'Keep my account' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(userOf('member2@sandbox.test').status).toBe('active');

    // Escape closes it too.
    await page.getByRole('button', { name: 'Deactivate account' }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(userOf('member2@sandbox.test').status).toBe('active');

    await page.getByRole('button', { name: 'Deactivate account' }).click();
    await dialog.getByRole('button', { name: 'Deactivate my account' }).click();
    await page.waitForURL('**/account/login');
    expect(userOf('member2@sandbox.test').status).toBe('deactivated');
    expect(await cookieNames(page)).not.toContain('access_token');
    await page.goto('/preferences');
    await page.waitForURL((url) => url.pathname === '/account/login');
  });

  it('deletes only after DELETE is typed and confirmed; the session ends and login leads to reactivation', async () => {
    const page = await app.newPage({ width: 375 });
    await app.signIn(page, 'member3@sandbox.test');
    await page.goto('/preferences');
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Type DELETE to confirm.').waitFor();
    expect(userOf('member3@sandbox.test').is_deleted).toBe(false);
    await screenshots(page, 'preferences-delete-dialog');
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL('**/account/login');
    const user = userOf('member3@sandbox.test');
    expect(user.is_deleted).toBe(true);
    expect(
      app.sandbox.world.store.data.outbox.some(
        (mail) => mail.to === user.email && mail.kind === 'account-deletion',
      ),
    ).toBe(true);
    expect(await cookieNames(page)).not.toContain('access_token');

    await logIn(page, 'member3@sandbox.test');
    await page.waitForURL('**/account/reactivate');
  });
});
