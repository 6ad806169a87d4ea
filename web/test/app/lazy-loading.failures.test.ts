import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, screenshots, startApp, type TestApp } from '../harness/browser';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

describe('lazy areas: progress bar, failed chunk loads, error boundaries', () => {
  it('shows the progress bar while the root loads and while an area is fetched', async () => {
    const page = await app.newPage();
    await logIn(page, 'member1@sandbox.test');
    // Slow the API so start-up is visible after a reload.
    app.sandbox.faults.latencyMs = { min: 700, max: 700 };
    try {
      await page.reload({ waitUntil: 'commit' });
      await page.getByTestId('progress-bar').waitFor();
      await page.getByRole('heading', { level: 1, name: 'Matches' }).waitFor();
      await page.getByTestId('progress-bar').waitFor({ state: 'detached' });
    } finally {
      app.sandbox.faults.latencyMs = undefined;
    }
  });

  it('reloads the page once when an area chunk fails to load, then shows the error with a way back', async () => {
    const page = await app.newPage();
    await logIn(page, 'member1@sandbox.test');
    // The document (0 before the reload, 1 after) of each request for the chunk: an area with CSS
    // fetches it twice per document (Vite's modulepreload, then the import), so documents count.
    let documents = 0;
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents++;
    });
    const requestedIn: number[] = [];
    await page.route('**/assets/preferences-*.js', async (route) => {
      requestedIn.push(documents);
      await route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><p>not a script</p>',
      });
    });
    let loads = 0;
    page.on('load', () => {
      loads++;
    });
    await page.getByRole('link', { name: 'Preferences' }).click();
    await page.getByTestId('area-error-preferences').waitFor();
    await expect(
      page.getByRole('heading', { name: 'This page could not be loaded' }).isVisible(),
    ).resolves.toBe(true);
    // One reload, and no loop: wait a little and count again.
    await page.waitForTimeout(1_000);
    expect(loads).toBe(1);
    expect([...new Set(requestedIn)]).toEqual([0, 1]);
    await screenshots(page, 'area-error');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/matches');
  });
});
