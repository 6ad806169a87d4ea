import { DEMO_PASSWORD } from '@matchmaker/sandbox';
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
    // What each navigation was, for the log of a failure (a run on CI once counted two loads).
    const navigations: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
        documents++;
        navigations.push(`${request.url()} (${request.redirectedFrom() ? 'redirect' : 'request'})`);
      }
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
      navigations.push(`load of ${page.url()}`);
    });
    await page.getByRole('link', { name: 'Preferences' }).click();
    await page.getByTestId('area-error-preferences').waitFor();
    await expect(
      page.getByRole('heading', { name: 'This page could not be loaded' }).isVisible(),
    ).resolves.toBe(true);
    // One reload, and no loop: wait a little and count again.
    await page.waitForTimeout(1_000);
    const seen = `navigations and loads: ${navigations.join(', ')}; chunk requested in documents ${requestedIn.join(', ')}`;
    expect(loads, seen).toBe(1);
    expect([...new Set(requestedIn)], seen).toEqual([0, 1]);
    await screenshots(page, 'area-error');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/matches');
  });

  it('keeps the page when the toasts or the location check cannot download, and loads them once they can', async () => {
    // The line dropped just after the page loaded: the parts it loads after its first screen fail.
    const page = await app.newPage();
    await app.signIn(page, 'member1@sandbox.test');
    const PARTS = /\/assets\/(toasts|location-modal)-[\w-]+\.js$/;
    const failed = new Set<string>();
    page.on('requestfailed', (request) => {
      const part = PARTS.exec(new URL(request.url()).pathname)?.[1];
      if (part) failed.add(part);
    });
    let loads = 0;
    page.on('load', () => {
      loads++;
    });
    await page.route(PARTS, (route) => route.abort('internetdisconnected'));
    await page.goto('/matches');
    await expect.poll(() => [...failed].sort(), { timeout: 15_000 }).toEqual(['location-modal', 'toasts']);
    await page.waitForTimeout(500);
    // The page stays: its header, its heading and its cards, with no reload.
    await expect(page.getByRole('heading', { level: 1, name: 'Matches' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(true);
    await expect(
      page.getByRole('list', { name: 'Recommendations' }).getByRole('listitem').count(),
    ).resolves.toBeGreaterThan(0);
    expect(loads).toBe(1);

    // Once the chunks can be fetched, the parts load, toasts first among them, without a reload.
    await page.unroute(PARTS);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.locator('[data-rht-toaster]').waitFor({ state: 'attached', timeout: 15_000 });
    expect(loads).toBe(1);
  });

  it('offline, an area whose chunk is not here shows the error without a reload, and loads once back online', async () => {
    const page = await app.newPage();
    await logIn(page, 'member1@sandbox.test');
    let loads = 0;
    page.on('load', () => {
      loads++;
    });
    await page.context().setOffline(true);
    await page.getByRole('link', { name: 'Preferences' }).click();
    // A reload now would leave the browser's offline page in the app's place.
    await page.getByTestId('area-error-preferences').waitFor();
    await page.waitForTimeout(500);
    expect(loads).toBe(0);
    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: 'Preferences' }).waitFor();
  });

  it('a chunk whose fetch failed is fetched again when next needed: a login that met a dropped line works on the next try', async () => {
    const page = await app.newPage();
    await page.goto('/account/login');
    // The first fetch of the client's chunk fails, as offline; the ones after it go through.
    let failures = 0;
    await page.route(/\/assets\/client-[\w-]+\.js$/, async (route) => {
      if (failures === 0) {
        failures++;
        await route.abort('internetdisconnected');
      } else await route.fallback();
    });
    let loads = 0;
    page.on('load', () => {
      loads++;
    });
    await page.getByLabel('Email').fill('member1@sandbox.test');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain(
      'We could not reach Matchmaker. Check your connection and try again.',
    );
    expect(failures).toBe(1);

    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/matches');
    await page.getByRole('heading', { level: 1, name: 'Matches' }).waitFor();
    expect(loads).toBe(0);
  });
});
