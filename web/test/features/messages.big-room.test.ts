/**
 * The 5,000-message room (member1 and member2 in the seeded world): history loads 20 at a time
 * upward as the member scrolls, and the virtualised list keeps the DOM bounded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, startApp, type TestApp } from '../harness/browser';
import { sandboxUser } from './sandbox-world';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

describe('the 5,000-message room', () => {
  it('loads 20 at a time upward and keeps the DOM bounded', async () => {
    const page = await app.newPage();
    await logIn(page, 'member1@sandbox.test');
    const room = app.sandbox.world.store.roomBetween(
      sandboxUser(app, 'member1@sandbox.test').keycloakId,
      sandboxUser(app, 'member2@sandbox.test').keycloakId,
    );
    await page.goto(`/messages/${room?.id}`);
    const history = page.getByRole('region', { name: /Messages with/ });
    await history.locator('[data-message-row]').first().waitFor();
    for (let i = 0; i < 5; i++) {
      const before = await history.locator('li').first().getAttribute('aria-setsize');
      await history.evaluate((element) => {
        element.scrollTop = 0;
      });
      await expect.poll(() => history.locator('li').first().getAttribute('aria-setsize')).not.toBe(before);
    }
    const size = Number(await history.locator('li').first().getAttribute('aria-setsize'));
    expect(size).toBeGreaterThanOrEqual(120);
    expect(await history.locator('[data-message-row]').count()).toBeLessThan(60);
  });
});
