import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, logIn, screenshots, startApp, type TestApp, WAIT_TEXT } from '../harness/browser';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const activeInDialog = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.activeElement?.closest('dialog') !== null);

describe('the location modal', () => {
  it('asks at start, blocks (Escape does nothing, focus stays inside), and stores a granted location', async () => {
    const page = await app.newPage({ location: false });
    await logIn(page, 'member3@sandbox.test');
    const dialog = page.getByRole('dialog', { name: 'Enable Location Access' });
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent(), WAIT_TEXT).toMatch(/only to improve your matches/);
    await screenshots(page, 'location-prompt');
    expect(await axeViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(dialog.isVisible()).resolves.toBe(true);
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await activeInDialog(page)).toBe(true);
    }

    await page.context().grantPermissions(['geolocation']);
    await page.context().setGeolocation({ latitude: 51.5072, longitude: -0.1276 });
    await page.getByRole('button', { name: 'Request Location Access' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(/Location set to/).waitFor();

    // The SDK's flow ran: the location update and a BROWSER device registration.
    const user = app.sandbox.world.store.userByEmail('member3@sandbox.test');
    const devices = app.sandbox.world.store.data.devices.filter(
      (device) => device.user_id === user?.keycloakId,
    );
    expect(devices.at(-1)).toMatchObject({ type: 'BROWSER', active: true });
  });

  it("shows 'Location Access Disabled' with browser instructions and a Reload button when denied", async () => {
    const page = await app.newPage({ location: false });
    await logIn(page, 'member4@sandbox.test');
    await page.getByRole('button', { name: 'Request Location Access' }).click();
    const denied = page.getByRole('dialog', { name: 'Location Access Disabled' });
    await denied.waitFor();
    const text = await denied.textContent();
    for (const browser of ['Chrome or Edge', 'Firefox', 'Safari']) expect(text).toContain(browser);
    await page.keyboard.press('Escape');
    await expect(denied.isVisible()).resolves.toBe(true);
    // Denied geolocation still falls back to the IP-based location (SPEC.md section 8).
    const user = app.sandbox.world.store.userByEmail('member4@sandbox.test');
    await expect
      .poll(() => app.sandbox.world.store.data.devices.some((device) => device.user_id === user?.keycloakId))
      .toBe(true);
    await screenshots(page, 'location-denied');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.waitForLoadState('load');
  });

  it('a lost connection during the location check shows no dialog, and the check runs again once it is back', async () => {
    // Permission is granted, so the check runs silently at start; its calls find no network. The
    // 'disabled' dialog would tell the member to change a browser setting that is fine, and its
    // Reload button, offline, leaves the app for the browser's error page.
    const page = await app.newPage({ location: true });
    const context = page.context();
    const lost = { search: 0, lookup: 0 };
    await context.route('**/locations/search', (route) => {
      lost.search++;
      return route.abort('internetdisconnected');
    });
    await context.route('**/ip-lookup/**', (route) => {
      lost.lookup++;
      return route.abort('internetdisconnected');
    });
    const stored: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && /\/location$/.test(new URL(request.url()).pathname))
        stored.push(request.url());
    });
    await logIn(page, 'member2@sandbox.test');
    await expect.poll(() => lost.lookup, WAIT_TEXT).toBeGreaterThan(0);
    expect(lost.search).toBeGreaterThan(0);
    // The flow has ended by now; what it shows would be on screen within this second.
    await page.waitForTimeout(1_000);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(stored).toEqual([]);

    // The connection comes back (the browser says so): the check runs again, silently, and stores it.
    await context.unrouteAll();
    await context.setOffline(true);
    await context.setOffline(false);
    await expect.poll(() => stored.length, WAIT_TEXT).toBe(1);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('asks once per session on /matches, and never when permission is already granted', async () => {
    const page = await app.newPage({ location: true });
    await app.signIn(page, 'member1@sandbox.test');
    await page.goto('/matches');
    await page.getByRole('heading', { level: 1, name: 'Matches' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.goto('/profile');
    await page.getByTestId('profile-completion').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});
