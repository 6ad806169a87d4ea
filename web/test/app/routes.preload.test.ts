/**
 * A signed-in page load fetches its area's chunk beside start-up (routes.ts preloadSignedInArea):
 * the guard renders the area only once start-up has read the user, and the chunk used to be
 * requested only then. So does a back-office page, with the back office's start-up module. A
 * visitor without a session does not fetch member chunks at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp, waitUntil } from '../harness/browser';
import { fileHolding } from '../harness/build-chunks';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const matchesChunk = /\/assets\/matches-[\w-]{8}\.js$/;
const adminChunk = /\/assets\/admin-[\w-]{8}\.js$/;
/** The back office's own chunk, which holds its start-up module (scripts/chunk-groups.ts). */
const adminStartupChunk = /\/assets\/back-office-[\w-]{8}\.js$/;

describe('the area chunk of a signed-in page', () => {
  it('is requested while start-up still waits for the user', async () => {
    const page = await app.newPage();
    await app.signIn(page, 'member1@sandbox.test');
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

  it("is requested on a back-office page while start-up still waits for the user, with the back office's start-up", async () => {
    const page = await app.newPage({ location: false });
    await app.signIn(page, 'admin@sandbox.test');
    const requested = new Set<string>();
    page.on('request', (request) => {
      if (adminChunk.test(request.url())) requested.add('area');
      if (adminStartupChunk.test(request.url())) requested.add('startup');
    });
    let userInfoHeld = false;
    // As above: asked for only once user info said "admin", neither would ever be.
    await page.route('**/api/usermgmt/v2/accounts/user/info', async (route) => {
      userInfoHeld = true;
      await expect.poll(() => [...requested].sort(), { timeout: 10_000 }).toEqual(['area', 'startup']);
      await route.continue();
    });
    await page.goto('/admin/users');
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    expect(userInfoHeld).toBe(true);
  });

  it('renders as soon as start-up has answered, with no loading state of its own in between', async () => {
    const page = await app.newPage();
    await app.signIn(page, 'member1@sandbox.test');
    // Every loading state that replaces what <main> shows once the page is up (start-up's own
    // comes with <main> in the first render): had the preloaded area suspended on its first
    // render, its fallback would show here, and React then holds the area back for up to 300 ms
    // (its Suspense throttle), most of the time between a member page's data and its paint.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { areaLoadingStates: string[] }).areaLoadingStates = seen;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof HTMLElement && node.matches('main > .state--loading'))
              seen.push(node.textContent ?? '');
      }).observe(document, { childList: true, subtree: true });
    });
    // User info answers once the area's chunk is here (its imports come beside it), as on a
    // first visit, where the client's chunk and user info take longer than the area's chunk.
    let areaLoaded = false;
    page.on('requestfinished', (request) => {
      if (/\/assets\/messages-[\w-]{8}\.js$/.test(request.url())) areaLoaded = true;
    });
    await page.route('**/api/usermgmt/v2/accounts/user/info', async (route) => {
      await expect.poll(() => areaLoaded, { timeout: 10_000 }).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await page.goto('/messages');
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    const seen = await page.evaluate(
      () => (window as unknown as { areaLoadingStates: string[] }).areaLoadingStates,
    );
    expect(seen).toEqual([]);
  });

  it("on /account/register, a visitor's page asks for the register form's chunk beside the area's, while that is on its way", async () => {
    const page = await app.newPage();
    const requested = new Set<string>();
    page.on('request', (request) => requested.add(new URL(request.url()).pathname));
    const registerChunk = fileHolding(/^src\/features\/account\/register-screen\.tsx$/);
    const areaChunk = fileHolding(/^src\/features\/account\/index\.tsx$/);
    expect(registerChunk).not.toBe(areaChunk);
    const area = { held: false, met: false };
    await page.route(`**${areaChunk}`, async (route) => {
      area.held = true;
      area.met = await waitUntil(() => requested.has(registerChunk));
      await route.continue();
    });
    await page.goto('/account/register');
    // The form, not the heading: the page's frame shows that before either chunk is asked for.
    await page.getByLabel('First name').waitFor();
    expect(area).toEqual({ held: true, met: true });
    // Not on the login page, which is in the area's own chunk.
    const login = await app.newPage();
    const loginRequests: string[] = [];
    login.on('request', (request) => loginRequests.push(new URL(request.url()).pathname));
    await login.goto('/account/login');
    // The form, which the area's chunk renders: a quiet network alone can come before a slow page
    // has run the bundle that asks for the chunk. Then quiet, for what it would ask for after.
    await login.getByLabel('Password').waitFor();
    await login.waitForLoadState('networkidle');
    expect(loginRequests).toContain(areaChunk);
    expect(loginRequests).not.toContain(registerChunk);
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
