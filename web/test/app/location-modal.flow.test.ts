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

  it('asks once per session on /matches, and never when permission is already granted', async () => {
    const page = await app.newPage({ location: true });
    await logIn(page, 'member1@sandbox.test');
    await page.goto('/profile');
    await page.getByTestId('profile-completion').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});
