/**
 * User management: searching with filters kept in the URL, a user's detail, suspending a member
 * (their other browser is logged out at its next action), the other account actions and creating
 * an account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, logIn, startApp, type TestApp } from '../../harness/browser';
import { adminPage, screens } from './admin-pages';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

describe('back office: users', () => {
  it('searches with filters in the URL, opens a user, and back returns to the same search', async () => {
    const page = await adminPage(app);
    await page.goto('/admin/users');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.getByRole('table').waitFor();
    expect(await page.getByRole('table').getByRole('row').count()).toBe(16); // header + 15
    await screens(page, 'admin-users');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Status').selectOption('active');
    await page.getByLabel('Name, email or username').fill('member3@sandbox.test');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(
      (url) =>
        url.searchParams.get('q') === 'member3@sandbox.test' && url.searchParams.get('status') === 'active',
    );
    await page.getByRole('link', { name: 'Aisha' }).first().click();
    await page.getByRole('heading', { level: 1, name: /Aisha/ }).waitFor();
    await page.getByRole('heading', { name: 'Activity log' }).waitFor();
    await page.getByText('Pending', { exact: true }).waitFor(); // her KYC status
    await page.getByRole('heading', { name: 'Recent visits' }).waitFor();
    await screens(page, 'admin-user-detail');
    expect(await axeViolations(page)).toEqual([]);
    await page.goBack();
    await page.waitForURL(
      (url) => url.pathname === '/admin/users' && url.searchParams.get('q') === 'member3@sandbox.test',
    );
    expect(await page.getByLabel('Name, email or username').inputValue()).toBe('member3@sandbox.test');
    expect(await page.getByLabel('Status').inputValue()).toBe('active');
    await expect.poll(() => page.getByRole('table').getByRole('row').count()).toBe(2);
  });

  it('finds users by bulk ids', async () => {
    const { world } = app.sandbox;
    const ids = Object.values(world.store.data.users)
      .filter((user) => /^member[12]@/.test(user.email))
      .map((user) => user.keycloakId);
    const page = await adminPage(app);
    await page.goto('/admin/users');
    await page.getByLabel('User ids (bulk)').fill(ids.join(', '));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.getAll('id').length === 2);
    await expect.poll(() => page.getByRole('table').getByRole('row').count()).toBe(3);
  });

  it("suspends a member after a confirmation; the member's next action lands on the suspension notice", async () => {
    const member = await app.newPage();
    await logIn(member, 'member5@sandbox.test');
    const admin = await adminPage(app);
    await admin.goto('/admin/users?q=member5%40sandbox.test');
    await admin.getByRole('link', { name: /Noa/ }).click();
    await admin.getByRole('button', { name: 'Suspend' }).click();
    const dialog = admin.getByRole('dialog', { name: /Suspend Noa/ });
    await dialog.waitFor();
    await screens(admin, 'admin-user-confirm');
    expect(await axeViolations(admin)).toEqual([]);
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await admin.getByText(/was suspended/).waitFor(); // the toast
    await admin.getByText('Suspended', { exact: true }).waitFor();
    const user = Object.values(app.sandbox.world.store.data.users).find(
      (entry) => entry.email === 'member5@sandbox.test',
    );
    expect(user?.status).toBe('suspended');

    await member.goto('/profile');
    await member.waitForURL(
      (url) => url.pathname === '/account/login' && url.searchParams.get('userSuspended') === 'true',
    );

    await admin.getByRole('button', { name: 'Reactivate' }).click();
    await admin
      .getByRole('dialog', { name: /Reactivate/ })
      .getByRole('button', { name: 'Reactivate' })
      .click();
    await admin.getByText('Active', { exact: true }).waitFor();
    expect(user?.status).toBe('active');
  });

  it('changes email and role, edits the profile, deactivates and deletes, each confirmed', async () => {
    const admin = await adminPage(app);
    await admin.goto('/admin/users?q=member4%40sandbox.test');
    await admin.getByRole('link', { name: /Arjun/ }).click();
    await admin.getByRole('heading', { level: 1, name: /Arjun/ }).waitFor();
    const users = app.sandbox.world.store.data.users;
    const arjun = Object.values(users).find((entry) => entry.email === 'member4@sandbox.test');
    if (!arjun) throw new Error('member4 is not seeded');

    await admin.getByRole('button', { name: 'Change email' }).click();
    let dialog = admin.getByRole('dialog', { name: /email/ });
    await dialog.getByLabel('New email').fill('not-an-email');
    expect(await dialog.getByRole('button', { name: 'Change email' }).isDisabled()).toBe(true);
    await dialog.getByLabel('New email').fill('arjun.new@sandbox.test');
    await dialog.getByRole('button', { name: 'Change email' }).click();
    await admin.getByText(/email is now arjun.new@sandbox.test/).waitFor();
    await expect.poll(() => arjun.email).toBe('arjun.new@sandbox.test');

    await admin.getByRole('button', { name: 'Edit profile' }).click();
    dialog = admin.getByRole('dialog', { name: /Edit/ });
    await dialog.getByLabel('Occupation').fill('Architect');
    await dialog.getByRole('button', { name: 'Save profile' }).click();
    await admin.getByText(/profile was saved/).waitFor();
    await expect.poll(() => arjun.profile.occupation).toBe('Architect');

    await admin.getByRole('button', { name: 'Change role' }).click();
    dialog = admin.getByRole('dialog', { name: /role/ });
    await dialog.getByLabel('Role').selectOption('Admin');
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await admin.getByText(/role is now Admin/).waitFor();
    expect(arjun.roles).toEqual(['Admin']);

    await admin.getByRole('button', { name: 'Deactivate' }).click();
    await admin
      .getByRole('dialog', { name: /Deactivate/ })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    await admin.getByText('Deactivated', { exact: true }).waitFor();

    await admin.getByRole('button', { name: 'Delete' }).click();
    await admin
      .getByRole('dialog', { name: /Delete/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await admin.waitForURL((url) => url.pathname === '/admin/users');
    await expect.poll(() => arjun.is_deleted).toBe(true);
  });

  it('creates an account, with the server named field errors shown on the form', async () => {
    const admin = await adminPage(app);
    await admin.goto('/admin/users');
    await admin.getByRole('link', { name: 'Create an account' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Create an account' }).waitFor();
    await admin.getByRole('button', { name: 'Create account' }).click();
    expect(await admin.getByText('This is required').count()).toBe(7);
    await screens(admin, 'admin-user-create');
    expect(await axeViolations(admin)).toEqual([]);

    await admin.getByLabel('First name').fill('Grace');
    await admin.getByLabel('Last name').fill('Hopper');
    await admin.getByLabel('Username').fill('grace.hopper');
    await admin.getByLabel('Email').fill('member1@sandbox.test'); // taken
    await admin.getByLabel('Date of birth').fill('1990-04-21');
    await admin.getByLabel('Sex').selectOption('Female');
    await admin.getByLabel('Password').fill('Sandbox#2026');
    await admin.getByRole('button', { name: 'Create account' }).click();
    await admin
      .getByRole('dialog', { name: 'Create this account?' })
      .getByRole('button', { name: 'Create account' })
      .click();
    await admin.getByText('Some fields need a change: see below.').waitFor();
    await admin.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expect(await admin.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');

    await admin.getByLabel('Email').fill('grace@sandbox.test');
    await admin.getByRole('button', { name: 'Create account' }).click();
    await admin
      .getByRole('dialog', { name: 'Create this account?' })
      .getByRole('button', { name: 'Create account' })
      .click();
    await admin.getByRole('heading', { level: 1, name: 'Grace Hopper' }).waitFor();
    const created = Object.values(app.sandbox.world.store.data.users).find(
      (user) => user.email === 'grace@sandbox.test',
    );
    // Stored as members' profiles store it (the SDK's PROFILE_CHOICES), not as the label.
    expect(created?.profile.sex).toBe('female');
  });
});
