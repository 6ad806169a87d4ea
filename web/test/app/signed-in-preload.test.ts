/**
 * The signed-in preload (scripts/serving/signed-in-preload.ts): a member or admin page with the
 * access cookie asks for the SDK client's chunks beside the main bundle, once each, and sends the
 * first screen's calls (src/config/early-requests.ts) before the main bundle has run, whose answers
 * the app's client takes instead of asking again (src/lib/early-fetch.ts); a visitor, or a member
 * on a public page, does neither.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditedPages } from '../harness/audited-pages';
import { holdIdleCallbacks, nextDocument, startApp, type TestApp, waitUntil } from '../harness/browser';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

/** The client chunk's requests from now on, and the preload links in the page. */
function watchClient(page: Page) {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/client-[\w-]+\.js$/.test(request.url())) requested.push(request.url());
  });
  const links = () =>
    page.$$eval('link[rel="modulepreload"][data-preload="signed-in"]', (found) =>
      found.map((link) => (link as HTMLLinkElement).href),
    );
  return { requested, links };
}

const USER_INFO = '/api/usermgmt/v2/accounts/user/info';
const RECOMMENDATIONS = '/api/recommendations/v2/matches/recommendations/';
const MAIN_BUNDLE = /\/assets\/index-[\w-]+\.js$/;

/** The API requests of the document the next navigation loads, in order. */
function watchApi(page: Page): Request[] {
  const requests: Request[] = [];
  const next = nextDocument(page);
  page.on('request', (request) => {
    if (next() && new URL(request.url()).pathname.startsWith('/api/')) requests.push(request);
  });
  return requests;
}
const pathsOf = (requests: readonly Request[]) => requests.map((request) => new URL(request.url()).pathname);
const countOf = (requests: readonly Request[], path: string) =>
  pathsOf(requests).filter((seen) => seen === path).length;

/**
 * Holds the main bundle until `until` holds (or 10 s pass), runs `then`, and lets it go; the state
 * says whether it was held and whether `until` was met.
 */
async function holdMainBundle(
  page: Page,
  until: () => boolean,
  then: () => Promise<unknown> = async () => {},
): Promise<{ held: boolean; met: boolean }> {
  const state = { held: false, met: false };
  await page.route(MAIN_BUNDLE, async (route) => {
    state.held = true;
    state.met = await waitUntil(until);
    await then();
    await route.continue();
  });
  return state;
}

/**
 * member1 opens /matches with the main bundle held until user info and the recommendations have
 * been asked for (then `then` runs), and the list shows.
 */
async function matchesWithMainBundleHeld(then: (page: Page) => Promise<unknown> = async () => {}) {
  const page = await app.newPage();
  await app.signIn(page, 'member1@sandbox.test');
  const api = watchApi(page);
  const main = await holdMainBundle(
    page,
    () => countOf(api, USER_INFO) === 1 && countOf(api, RECOMMENDATIONS) === 1,
    () => then(page),
  );
  await page.goto('/matches');
  await page.getByRole('list', { name: 'Recommendations' }).getByRole('listitem').first().waitFor();
  return { page, api, main };
}

describe('the signed-in preload', () => {
  it("a member page's first calls go out before the main bundle has run, and the app takes their answers", async () => {
    const { page, api, main } = await matchesWithMainBundleHeld();
    await page.waitForLoadState('networkidle');
    expect(main).toEqual({ held: true, met: true });
    // Asked once each: the app's client took the answers the preload script asked for.
    expect(countOf(api, USER_INFO)).toBe(1);
    expect(countOf(api, RECOMMENDATIONS)).toBe(1);
  });

  it('an early answer is taken only by the session whose token asked for it', async () => {
    const other = await app.newPage();
    await app.signIn(other, 'member2@sandbox.test');
    const member2 = (await other.context().cookies()).filter((cookie) => /_token$/.test(cookie.name));
    expect(member2.map((cookie) => cookie.name).sort()).toEqual(['access_token', 'refresh_token']);

    // Once member1's early calls are out, another login replaces the session's cookies.
    const { page, api, main } = await matchesWithMainBundleHeld((held) => held.context().addCookies(member2));
    await expect.poll(() => countOf(api, RECOMMENDATIONS)).toBe(2);
    expect(main).toEqual({ held: true, met: true });
    // member2's client asked for itself, with its own token: member1's answers were not taken.
    const infos = api.filter((request) => new URL(request.url()).pathname === USER_INFO);
    expect(infos).toHaveLength(2);
    const tokens = await Promise.all(
      infos.map(async (request) => (await request.allHeaders()).authorization),
    );
    const access2 = member2.find((cookie) => cookie.name === 'access_token')?.value ?? '';
    expect(tokens[1]).toBe(`Bearer ${decodeURIComponent(access2)}`);
    expect(tokens[0]).not.toBe(tokens[1]);
    expect(countOf(api, RECOMMENDATIONS)).toBe(2);
    // member2's session carries on where it opened.
    expect(new URL(page.url()).pathname).toBe('/matches');
  });

  it('a room: its conversations and newest page go out before the main bundle has run, each asked once', async () => {
    const roomPath =
      auditedPages(app.sandbox).find((audited) => audited.name === 'chat room 5000')?.path ?? '';
    const page = await app.newPage();
    await app.signIn(page, 'member1@sandbox.test');
    // The first screen is never "shown": the chat's channel, whose connect loads the room afresh,
    // stays closed, so every request counted is start-up's and the screen's.
    await holdIdleCallbacks(page);
    const api = watchApi(page);
    const rooms = '/api/chats/v2/chats/rooms';
    const newest = `/api/chats/v2/chats/rooms/${roomPath.split('/')[2]}/messages`;
    const main = await holdMainBundle(
      page,
      () => countOf(api, USER_INFO) === 1 && countOf(api, rooms) === 1 && countOf(api, newest) === 1,
    );
    await page.goto(roomPath);
    await page.locator('[data-message-row]').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(main).toEqual({ held: true, met: true });
    expect([countOf(api, USER_INFO), countOf(api, rooms), countOf(api, newest)]).toEqual([1, 1, 1]);
  });

  it("/admin/users: the first search goes out before the main bundle has run, asked once; a filtered address's search is the app's own", async () => {
    const search = '/api/usermgmt/v2/admin/users/search';
    const page = await app.newPage();
    await app.signIn(page, 'admin@sandbox.test');
    const api = watchApi(page);
    const main = await holdMainBundle(
      page,
      () => countOf(api, USER_INFO) === 1 && countOf(api, search) === 1,
    );
    await page.goto('/admin/users');
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    await page.waitForLoadState('networkidle');
    expect(main).toEqual({ held: true, met: true });
    expect([countOf(api, USER_INFO), countOf(api, search)]).toEqual([1, 1]);
    const first = api.find((request) => new URL(request.url()).pathname === search);
    expect(first?.postDataJSON()).toEqual({ page: 1, size: 15, filters: {} });

    // The query is the screen's filters and page: nothing is sent early for it, and the app's own
    // search (the filtered one) is asked once.
    const filtered = await app.newPage();
    await app.signIn(filtered, 'admin@sandbox.test');
    const filteredApi = watchApi(filtered);
    await filtered.goto('/admin/users?q=member1');
    await filtered.getByRole('table').getByRole('row').nth(1).waitFor();
    await filtered.waitForLoadState('networkidle');
    const searches = filteredApi.filter((request) => new URL(request.url()).pathname === search);
    expect(searches.map((request) => request.postDataJSON())).toEqual([
      { page: 1, size: 15, filters: { search: 'member1' } },
    ]);
  });

  it('a member page with a session fetches the client beside the main bundle, once', async () => {
    const page = await app.newPage();
    await app.signIn(page, 'member1@sandbox.test');
    const client = watchClient(page);
    await page.goto('/messages', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    // The client's chunk and its imports, each once (in the order of the manifest's import list,
    // which follows the bundler's module order and says nothing of the page).
    expect(
      (await client.links()).map((href) => new URL(href).pathname.replace(/-[\w-]{8}\.js$/, '')).sort(),
    ).toEqual(['/assets/client', '/assets/form-kit', '/assets/schemas']);
    // The app's own import of the client is served by the preload, not fetched again.
    expect(client.requested).toHaveLength(1);
  });

  it('a visitor fetches no client, and neither a visitor nor a member on a public page preloads it', async () => {
    const visitor = await app.newPage();
    const seen = watchClient(visitor);
    await visitor.goto('/', { waitUntil: 'networkidle' });
    expect(await seen.links()).toEqual([]);
    expect(seen.requested).toEqual([]);
    // Sent to log in from a member page: no session, so no preload (the login form loads the
    // client itself when it needs it).
    await visitor.goto('/messages', { waitUntil: 'networkidle' });
    expect(await seen.links()).toEqual([]);

    const member = await app.newPage();
    await app.signIn(member, 'member1@sandbox.test');
    const onPublic = watchClient(member);
    await member.goto('/', { waitUntil: 'networkidle' });
    expect(await onPublic.links()).toEqual([]);
  });
});
