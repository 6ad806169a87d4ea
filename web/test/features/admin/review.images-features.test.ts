/**
 * Flagged images decided by keyboard (and only while the queue has focus), bulk decisions, and
 * feature switches: a toggle persists, a failed one rolls back with an error toast.
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

const images = () => app.sandbox.world.store.data.images;
const flaggedCount = () => Object.values(images()).filter((image) => image.flagged).length;

describe('back office: flagged images', () => {
  it('decides images by keyboard only while the queue has focus, and the shortcuts can be turned off', async () => {
    const page = await adminPage(app);
    await page.goto('/admin/images');
    await page.getByRole('heading', { level: 1, name: 'Flagged images' }).waitFor();
    const tiles = page.locator('[data-tile]');
    await tiles.first().waitFor();
    const start = flaggedCount();
    expect(await tiles.count()).toBe(start);
    expect(await page.locator('img.admin-flagged__blur').count()).toBe(start);
    await screens(page, 'admin-flagged-images');
    expect(await axeViolations(page)).toEqual([]);

    const label = (index: number) => tiles.nth(index).getAttribute('aria-label');
    const second = await label(1);
    // Outside the queue the keys are plain keys.
    await page.getByRole('heading', { level: 1, name: 'Flagged images' }).focus();
    await page.keyboard.press('a');
    expect(await tiles.count()).toBe(start);

    await tiles.first().focus();
    await page.keyboard.press('j');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(second);
    await page.keyboard.press('v');
    expect(await tiles.nth(1).locator('img.admin-flagged__blur').count()).toBe(0);
    await page.keyboard.press('a'); // keep the second image
    await expect.poll(() => tiles.count()).toBe(start - 1);
    await expect.poll(flaggedCount).toBe(start - 1);
    await page.keyboard.press('k');
    const firstFile = Object.keys(images()).length;
    await page.keyboard.press('r'); // remove the first image
    await expect.poll(() => tiles.count()).toBe(start - 2);
    await expect.poll(() => Object.keys(images()).length).toBe(firstFile - 1);
    // Focus stays in the queue, on the image that took the removed one's place.
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-tile'))).toBe(true);

    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await screens(page, 'admin-flagged-help');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    await page.getByLabel('Keyboard shortcuts').uncheck();
    await tiles.first().focus();
    await page.keyboard.press('a');
    await page.getByText('Keyboard shortcuts are off.').waitFor();
    expect(await tiles.count()).toBe(start - 2);
    await page.reload();
    await tiles.first().waitFor();
    expect(await page.getByLabel('Keyboard shortcuts').isChecked()).toBe(false);
    await page.getByLabel('Keyboard shortcuts').check();
  });

  it('takes bulk decisions after a confirmation, with the selection in the URL', async () => {
    const page = await adminPage(app);
    await page.goto('/admin/images');
    const tiles = page.locator('[data-tile]');
    await tiles.first().waitFor();
    const start = await tiles.count();
    await tiles.nth(0).getByLabel('Select').check();
    await tiles.nth(1).getByLabel('Select').check();
    await page.waitForURL((url) => url.searchParams.getAll('sel').length === 2);
    const chosen = new URL(page.url()).searchParams.getAll('sel');
    await page.getByRole('button', { name: 'Remove selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove 2 images?' });
    await dialog.getByRole('button', { name: 'Remove them' }).click();
    await expect.poll(() => tiles.count()).toBe(start - 2);
    for (const filename of chosen) expect(images()[filename]).toBeUndefined();
    expect(new URL(page.url()).searchParams.getAll('sel')).toEqual([]);
  });
});

describe('back office: features', () => {
  it('toggles a subfeature at once, and it stays toggled after a reload', async () => {
    const page = await adminPage(app);
    await page.goto('/admin/features');
    await page.getByRole('heading', { level: 1, name: 'Features' }).waitFor();
    const selfie = page.getByRole('switch', { name: /Selfie check/ });
    expect(await selfie.getAttribute('aria-checked')).toBe('false');
    await screens(page, 'admin-features');
    expect(await axeViolations(page)).toEqual([]);
    await selfie.focus();
    await page.keyboard.press('Enter');
    expect(await selfie.getAttribute('aria-checked')).toBe('true');
    await page.getByText(/is on$/).waitFor();
    const kyc = app.sandbox.world.store.data.features.find((feature) => feature.code === 'KYC');
    expect(kyc?.subfeatures.find((sub) => sub.code === 'KYC_SELFIE')?.enabled).toBe(true);
    await page.reload();
    await page.getByRole('switch', { name: /Selfie check/ }).waitFor();
    expect(await page.getByRole('switch', { name: /Selfie check/ }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });

  it('rolls a failed toggle back with an error toast', async () => {
    const page = await adminPage(app);
    await page.goto('/admin/features');
    const payments = page.getByRole('switch', { name: /^Payments/ });
    await payments.waitFor();
    expect(await payments.getAttribute('aria-checked')).toBe('true');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/feature-switch/v2/features/PAYMENTS/toggle', async (route) => {
      await held;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"message":"Switch store down"}',
      });
    });
    await payments.click();
    // The new state shows while the call runs...
    expect(await payments.getAttribute('aria-checked')).toBe('false');
    release();
    // ...and the old one comes back when it fails.
    await page.getByText(/Payments could not be switched/).waitFor();
    expect(await payments.getAttribute('aria-checked')).toBe('true');
    expect(
      app.sandbox.world.store.data.features.find((feature) => feature.code === 'PAYMENTS')?.enabled,
    ).toBe(true);
  });
});
