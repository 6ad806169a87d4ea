/**
 * A signed-in page load fetches its area's chunk beside start-up (routes.ts preloadSignedInArea):
 * the guard renders the area only once start-up has read the user, and the chunk used to be
 * requested only then. A visitor without a session does not fetch member chunks at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, startApp, type TestApp } from '../harness/browser';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const matchesChunk = /\/assets\/matches-[\w-]{8}\.js$/;

describe('the area chunk of a signed-in page', () => {
  it('is requested while start-up still waits for the user', async () => {
    const page = await app.newPage();
    await logIn(page, 'member1@sandbox.test');
    await page.goto('/preferences');
    let chunkRequested = false;
    page.on('request', (request) => {
      if (matchesChunk.test(request.url())) chunkRequested = true;
    });
    let userInfoHeld = false;
    // The user's answer waits until the chunk has been asked for: fetched only after start-up,
    // it never would be, and the page would not show.
    await page.route('**/api/usermgmt/v2/accounts/user/info', async (route) => {
      userInfoHeld = true;
      await expect.poll(() => chunkRequested, { timeout: 10_000 }).toBe(true);
      await route.continue();
    });
    await page.goto('/matches');
    await page.getByRole('heading', { level: 1, name: 'Matches' }).waitFor();
    expect(userInfoHeld).toBe(true);
  });

  it('is not fetched for a visitor without a session, who is sent to log in', async () => {
    const page = await app.newPage();
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (matchesChunk.test(request.url())) chunks.push(request.url());
    });
    await page.goto('/matches');
    await page.waitForURL((url) => url.pathname === '/account/login');
    await page.waitForLoadState('networkidle');
    expect(chunks).toEqual([]);
  });
});
