/**
 * An admin's own account in the back office (issue 27 item 5): the actions that would lock them
 * out (deactivate, suspend, change role, delete) are not offered on their own detail, a note says
 * why, and their own row is marked; another user's detail still offers every action; and when the
 * API refuses one anyway (409 OWN_ACCOUNT: the browser's cookies now belong to the user shown, as
 * another tab's sign-in as that user leaves them), the dialog shows the server's message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, DEMO_PASSWORD, startApp, type TestApp } from '../../harness/browser';
import { adminPage, screens } from './admin-pages';

const LOCKING_ACTIONS = ['Deactivate', 'Suspend', 'Change role', 'Delete'];

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

function seeded(email: string) {
  const user = Object.values(app.sandbox.world.store.data.users).find((entry) => entry.email === email);
  if (!user) throw new Error(`${email} is not seeded`);
  return user;
}

/** Logs in through the API, as any client would, and answers the tokens. */
async function apiLogIn(email: string): Promise<{ access_token: string; refresh_token: string }> {
  const response = await fetch(`${app.url}/api/usermgmt/v2/accounts/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { access_token: string; refresh_token: string };
}

describe('back office: the admin’s own account', () => {
  it('offers no action that would lock the admin out, says why, and still offers them on another user', async () => {
    const page = await adminPage(app);
    await page.goto('/admin/users?q=admin%40sandbox.test');
    const row = page.getByRole('table').getByRole('row').nth(1);
    await row.getByText('You', { exact: true }).waitFor();
    await row.getByRole('link').click();
    await page.getByRole('heading', { name: 'Activity log' }).waitFor();
    const note = page.getByRole('note');
    await note.waitFor();
    expect(await note.textContent()).toContain('This is your account');
    for (const action of LOCKING_ACTIONS)
      expect(await page.getByRole('button', { name: action, exact: true }).count(), action).toBe(0);
    // What does not lock them out is still there.
    await page.getByRole('button', { name: 'Change email', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Edit profile', exact: true }).waitFor();
    await screens(page, 'admin-user-own');
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`/admin/users/${seeded('member3@sandbox.test').keycloakId}`);
    await page.getByRole('heading', { level: 1, name: /Aisha/ }).waitFor();
    for (const action of LOCKING_ACTIONS)
      await page.getByRole('button', { name: action, exact: true }).waitFor();
    expect(await page.getByRole('note').count()).toBe(0);
    expect(await page.getByText('You', { exact: true }).count()).toBe(0);
  });

  it('shows the server’s refusal when the account shown turns out to be the signed-in one', async () => {
    const staff = seeded('member2@sandbox.test');
    const admin = await apiLogIn('admin@sandbox.test');
    const promoted = await fetch(`${app.url}/api/usermgmt/v2/admin/users/${staff.keycloakId}/role`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.access_token}` },
      body: JSON.stringify({ role: 'Admin' }),
    });
    expect(promoted.status).toBe(200);

    const page = await adminPage(app);
    await page.goto(`/admin/users/${staff.keycloakId}`);
    await page.getByRole('heading', { name: 'Activity log' }).waitFor();
    await page.getByRole('button', { name: 'Suspend', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /Suspend/ });
    await dialog.waitFor();

    // Another tab signs in as the user shown: the cookies this tab sends are now theirs.
    const theirs = await apiLogIn('member2@sandbox.test');
    await page.context().addCookies(
      [
        ['access_token', theirs.access_token],
        ['refresh_token', theirs.refresh_token],
      ].map(([name, value]) => ({ name: name ?? '', value: encodeURIComponent(value ?? ''), url: app.url })),
    );
    await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
    const refusal = dialog.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe(
      'You cannot suspend your own account: ask another admin to do it',
    );
    expect(staff.status).toBe('active');
    await screens(page, 'admin-user-own-refused');
    expect(await axeViolations(page)).toEqual([]);
  });
});
