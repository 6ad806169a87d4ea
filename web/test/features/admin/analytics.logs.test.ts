/**
 * Analytics charts over the seeded history with the range in the URL, the logs (a user's activity
 * and the visit search with filters and paging) and the referrals list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, startApp, type TestApp } from '../../harness/browser';
import { adminPage, screens } from './admin-pages';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

describe('back office: analytics, logs and referrals', () => {
  it('charts users, visits, matches and filters over the chosen range', async () => {
    const page = await adminPage(app);
    await page.goto('/admin/analytics?start=2020-01-01&bucket=month');
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    expect(await page.getByLabel('From').inputValue()).toBe('2020-01-01');
    expect(await page.getByLabel('Group by').inputValue()).toBe('month');
    const charts = page.locator('.admin-chart__canvas[data-chart-ready="true"] canvas');
    // Registrations, visits, match requests by date and filter uses.
    await expect.poll(() => charts.count(), { timeout: 20_000 }).toBe(4);
    const users = Object.values(app.sandbox.world.store.data.users).length;
    const allUsers = page.locator('.admin-tiles__tile', { hasText: 'All users' }).locator('dd');
    expect(Number(await allUsers.textContent())).toBe(users);
    for (const name of ['Created', 'Accepted', 'Rejected']) {
      const value = await page
        .locator('.admin-tiles__tile', { hasText: new RegExp(`^${name}`) })
        .locator('dd')
        .textContent();
      expect(Number(value)).toBeGreaterThanOrEqual(0);
    }
    expect(
      Number(
        await page
          .locator('.admin-tiles__tile', { hasText: /^Created/ })
          .locator('dd')
          .textContent(),
      ),
    ).toBeGreaterThan(0);
    await page.getByText('Popular preferences (all time)').waitFor();
    await screens(page, 'admin-analytics');
    // The numbers behind a chart are readable without the canvas.
    await page.getByText('Show the numbers').first().click();
    await page.getByRole('region', { name: 'Registrations: numbers' }).getByRole('row').nth(1).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('From').fill('2030-01-01');
    await page.getByLabel('To').fill('2029-01-01');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByText('The start must be on or before the end.').waitFor();
    expect(new URL(page.url()).searchParams.get('start')).toBe('2020-01-01');
  });

  it("shows a user's activity and searches the visit log with filters and pages in the URL", async () => {
    const { world } = app.sandbox;
    const member = Object.values(world.store.data.users).find(
      (user) => user.email === 'member1@sandbox.test',
    );
    if (!member) throw new Error('member1 is not seeded');
    const page = await adminPage(app);
    await page.goto('/admin/logs');
    await page.getByRole('heading', { level: 1, name: 'Logs' }).waitFor();
    await page.getByRole('region', { name: 'Visits found' }).waitFor();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.getByText(/^Page 2 of/).waitFor();
    await page.getByLabel('Device').selectOption('mobile');
    await page.waitForURL(
      (url) => url.searchParams.get('device') === 'mobile' && !url.searchParams.has('page'),
    );
    await page.getByLabel('User id').fill(member.keycloakId);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('user') === member.keycloakId);
    await page.getByRole('heading', { name: `Activity of user ${member.keycloakId}` }).waitFor();
    const logs = world.store.data.activityLogs.filter((log) => log.user_id === member.keycloakId);
    await expect.poll(() => page.locator('.admin-log li').count()).toBe(logs.length);
    const visits = world.store.data.visits.filter(
      (visit) => visit.user_id === member.keycloakId && visit.device === 'mobile',
    );
    if (visits.length > 0) await page.getByRole('region', { name: 'Visits found' }).waitFor();
    else await page.getByText('No visits').waitFor();
    await screens(page, 'admin-logs');
    expect(await axeViolations(page)).toEqual([]);
    await page.goBack();
    await page.waitForURL(
      (url) => !url.searchParams.has('user') && url.searchParams.get('device') === 'mobile',
    );
  });

  it('lists referrals with a username filter and paging', async () => {
    const page = await adminPage(app);
    await page.goto('/admin/referrals');
    await page.getByRole('heading', { level: 1, name: 'Referrals' }).waitFor();
    await page.getByRole('region', { name: 'Referrals found' }).waitFor();
    await screens(page, 'admin-referrals');
    expect(await axeViolations(page)).toEqual([]);
    const member1 = Object.values(app.sandbox.world.store.data.users).find(
      (user) => user.email === 'member1@sandbox.test',
    );
    await page.getByLabel('Username').fill(member1?.username ?? '');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL((url) => url.searchParams.get('username') === member1?.username);
    await expect
      .poll(() => page.getByRole('region', { name: 'Referrals found' }).getByRole('row').count())
      .toBe(4); // 3 + header
    await page.getByLabel('Username').fill('nobody-by-this-name');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('No referrals').waitFor();
  });

  it('opens on the back-office home with every section reachable by keyboard', async () => {
    const page = await adminPage(app);
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Back office' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Back office' });
    // The heading shows with the page's frame, before the area (and its links) has rendered.
    await nav.getByRole('link', { name: 'Users' }).waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Users',
      'KYC',
      'Flagged images',
      'Features',
      'Analytics',
      'Logs',
      'Referrals',
    ]);
    await nav.getByRole('link', { name: 'Referrals' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/referrals');
    expect(await nav.getByRole('link', { name: 'Referrals' }).getAttribute('aria-current')).toBe('page');
    await page.goto('/admin');
    await screens(page, 'admin-home-sections');
    expect(await axeViolations(page)).toEqual([]);
  });
});
