import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../harness/browser';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

describe('scroll restoration', () => {
  it('starts a new page at the top, and back/forward return to where the member was', async () => {
    const page = await app.newPage({ width: 375 });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Five faiths, one respectful place' }).waitFor();
    const faith = page.getByRole('link', { name: /Muslim singles/ });
    await faith.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 37));
    const landingY = await page.evaluate(() => window.scrollY);
    expect(landingY).toBeGreaterThan(300);

    await faith.click();
    await page.waitForURL('**/faith/muslim/marriage/singles');
    await page.getByRole('heading', { level: 1, name: 'Muslim marriage and matchmaking' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 120));
    await page.waitForFunction(() => window.scrollY === 120);

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 1, landingY);

    await page.goForward();
    await page.waitForURL('**/faith/muslim/marriage/singles');
    await page.waitForFunction(() => window.scrollY === 120);
  });

  it('keeps a scroll the browser has not yet announced when the member goes back at once', async () => {
    const page = await app.newPage({ width: 375 });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Five faiths, one respectful place' }).waitFor();
    await page.getByRole('link', { name: /Muslim singles/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Muslim marriage and matchmaking' }).waitFor();
    // The scroll event of scrollTo is dispatched at the next frame, after the popstate of back():
    // the position must be taken when the page is left, not only from scroll events.
    await page.evaluate(() => {
      window.scrollTo(0, 100);
      window.history.back();
    });
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Five faiths, one respectful place' }).waitFor();
    await page.goForward();
    await page.waitForURL('**/faith/muslim/marriage/singles');
    await page.waitForFunction(() => window.scrollY === 100);
  });
});
