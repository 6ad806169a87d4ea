/**
 * A session that starts on a screen asks for that screen's first list beside user info, through
 * the start-up work its feature registers (matches-startup.ts, rooms-startup.ts), rather than
 * after start-up, the area's chunk and the screen's render; and the screen does not ask again.
 * Each test holds user info's answer until the list has been asked for: were the list requested
 * only after start-up, it never would be, and the page would not show. Nor does the screen wait
 * for the subscription and the DAU event, which start-up sends after user info.
 */
import { createClient } from '@matchmaker/sdk';
import { endpoints } from '@matchmaker/sdk/schemas';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  holdIdleCallbacks,
  logIn,
  nextDocument,
  releaseIdle,
  startApp,
  submitLogIn,
  type TestApp,
  WAIT_TEXT,
  waitUntil,
} from '../harness/browser';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

/** The path of the recommendations' list, as the SDK's catalogue has it. */
const RECOMMENDATIONS = new RegExp(`^${escapeRegExp(endpoints['recommendations.list'].path)}$`);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Requests (GET unless told) whose path matches, counted from now on (once `counting` holds). */
function countRequests(page: Page, path: RegExp, method = 'GET', counting = () => true): { count: number } {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (counting() && request.method() === method && path.test(new URL(request.url()).pathname)) seen.count++;
  });
  return seen;
}

/** The seeded room of member1 and member2 (the 5,000-message one). */
function memberRoom(): { id: string } {
  const store = app.sandbox.world.store;
  const one = store.userByEmail('member1@sandbox.test');
  const two = store.userByEmail('member2@sandbox.test');
  const room = one && two ? store.roomBetween(one.keycloakId, two.keycloakId) : undefined;
  if (!room) throw new Error('the sandbox has no member1/member2 room');
  return room;
}

/**
 * A message from member2 to member1, not yet read, at the newest end of their room; `status()`
 * reads it back from the sandbox.
 */
function unreadFromMember2(text: string): {
  room: { id: string };
  text: string;
  status: () => string | undefined;
} {
  const room = memberRoom();
  const store = app.sandbox.world.store;
  const reader = store.userByEmail('member1@sandbox.test');
  const writer = store.userByEmail('member2@sandbox.test');
  if (!reader || !writer) throw new Error('the sandbox has no member1 or member2');
  const now = Date.now();
  store.messages(room.id).push({
    id: store.nextId('msg'),
    room: room.id,
    user_id: writer.keycloakId,
    recipient_id: reader.keycloakId,
    message: text,
    file: null,
    status: 'DELIVERED',
    unix_timestamp: Math.floor(now / 1000),
    created_at: new Date(now).toISOString(),
  });
  return {
    room,
    text,
    status: () => store.messages(room.id).find((message) => message.message === text)?.status,
  };
}

async function holdUserInfoUntil(page: Page, asked: () => boolean): Promise<{ held: boolean }> {
  const state = { held: false };
  await page.route('**/api/usermgmt/v2/accounts/user/info', async (route) => {
    state.held = true;
    await expect.poll(asked, { timeout: 10_000 }).toBe(true);
    await route.continue();
  });
  return state;
}

/**
 * Records, in the page, which API calls are made in the same task as user info's (before the
 * event loop next turns): a first list asked for one task later waited, on a phone, behind the
 * render user info's answer starts. The mark is cleared by a message posted when user info is
 * asked for, which runs once that task and its promise jobs are done.
 */
async function watchSameTask(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const calls: string[] = [];
    let sameTask = false;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      sameTask = false;
    };
    const original = window.fetch;
    window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href).pathname;
      if (url.endsWith('/accounts/user/info')) {
        sameTask = true;
        channel.port2.postMessage(null);
      } else if (sameTask && url.startsWith('/api/')) calls.push(url);
      return original.call(this, input, init);
    };
    Object.assign(window, { sameTaskCalls: calls });
  });
  return () => page.evaluate(() => (window as unknown as { sameTaskCalls: string[] }).sameTaskCalls);
}

/**
 * member1 opens their room with a message from member2 unread (`text`), its idle callbacks held
 * (so the room's "shown" moment waits for the test); `reads` counts the read receipts sent.
 */
async function openUnreadRoom(text: string) {
  const { room, status } = unreadFromMember2(text);
  const page = await app.newPage();
  await app.signIn(page, 'member1@sandbox.test');
  await holdIdleCallbacks(page);
  const reads = countRequests(page, /^\/api\/chats\/v2\/chats\/messages\/bulk\/status$/, 'PUT');
  await page.goto(`/messages/${room.id}`);
  await page.locator('[data-message-row]').filter({ hasText: text }).waitFor();
  return { page, reads, status };
}

describe("a screen's first list at start-up", () => {
  it("each screen's first list is asked for in the same task as user info", async () => {
    const room = memberRoom();
    const page = await app.newPage();
    await app.signIn(page, 'member1@sandbox.test');
    const sameTask = await watchSameTask(page);
    await page.goto('/matches');
    await page.getByRole('list', { name: 'Recommendations' }).getByRole('listitem').first().waitFor();
    expect(await sameTask()).toContain('/api/recommendations/v2/matches/recommendations/');
    await page.goto(`/messages/${room.id}`);
    await page.locator('[data-message-row]').first().waitFor();
    expect(await sameTask()).toEqual(
      expect.arrayContaining([`/api/chats/v2/chats/rooms/${room.id}/messages`, '/api/chats/v2/chats/rooms']),
    );
  });

  it('/matches: the recommendations are asked for while user info is on its way, once', async () => {
    const page = await app.newPage();
    await app.signIn(page, 'member1@sandbox.test');
    await page.goto('/preferences');
    const recommendations = countRequests(page, RECOMMENDATIONS);
    const hold = await holdUserInfoUntil(page, () => recommendations.count > 0);
    await page.goto('/matches');
    await page.getByRole('list', { name: 'Recommendations' }).getByRole('listitem').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(hold.held).toBe(true);
    expect(recommendations.count).toBe(1);
  });

  it('/messages: the conversations are asked for while user info is on its way', async () => {
    const page = await app.newPage();
    await app.signIn(page, 'member1@sandbox.test');
    await page.goto('/preferences');
    const rooms = countRequests(page, /\/api\/chats\/v2\/chats\/rooms\/?$/);
    const hold = await holdUserInfoUntil(page, () => rooms.count > 0);
    await page.goto('/messages');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator('a[href^="/messages/"]').first().waitFor();
    await page.waitForLoadState('networkidle');
    // Asked for before user info answered (the hold); the list and the chat's socket refresh it
    // quietly afterwards, as they do on any visit.
    expect(hold.held).toBe(true);
  });

  it('/messages: the list takes the conversations start-up has just loaded, without asking again', async () => {
    const page = await app.newPage();
    await app.signIn(page, 'member1@sandbox.test');
    await page.goto('/preferences');
    // The chat's socket is held unopened: its first connect refreshes the list on purpose (it
    // closes the gap before its events), which would hide whether the list asked again itself.
    await page.routeWebSocket(/\/socket\.io\//, () => {});
    const rooms = countRequests(page, /\/api\/chats\/v2\/chats\/rooms\/?$/);
    await page.goto('/messages');
    await page.locator('a[href^="/messages/"]').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(rooms.count).toBe(1);
  });

  it('a room: its newest page is asked for while user info is on its way, and the room shows it', async () => {
    const room = memberRoom();
    const page = await app.newPage();
    await app.signIn(page, 'member1@sandbox.test');
    await page.goto('/preferences');
    const newest = { count: 0 };
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith(`/rooms/${room.id}/messages`) && url.searchParams.get('page') === '1')
        newest.count++;
    });
    // The chat's socket is held unopened: its first connect asks for the newest page again on
    // purpose (the gap before its events), which would hide whether the room asked again itself.
    await page.routeWebSocket(/\/socket\.io\//, () => {});
    const hold = await holdUserInfoUntil(page, () => newest.count > 0);
    await page.goto(`/messages/${room.id}`);
    await page.locator('[data-message-row]').first().waitFor();
    expect(hold.held).toBe(true);
    // The room took the page asked for at start-up rather than asking again on opening.
    expect(newest.count).toBe(1);
  });

  it('a room: the session ends while its start-up page is in flight; the next session to open the room asks afresh', async () => {
    const room = memberRoom();
    const page = await app.newPage();
    await app.signIn(page, 'member1@sandbox.test');
    await page.goto('/preferences');
    const isNewest = (url: URL) =>
      url.pathname.endsWith(`/rooms/${room.id}/messages`) && url.searchParams.get('page') === '1';
    const newest = { count: 0 };
    page.on('request', (request) => {
      if (isNewest(new URL(request.url()))) newest.count++;
    });
    // member1's start-up in the room: user info is held (the room never opens, so it never takes
    // the page) and so is the newest page, until member1's session has ended.
    // Held until the test says so, not for a while: the other tab's load and logout take as long
    // as the pages do (a poll that gave up in here once threw outside the test, the logout unfinished).
    let endSession = () => {};
    const sessionEnded = new Promise<void>((resolve) => {
      endSession = resolve;
    });
    await page.route('**/api/usermgmt/v2/accounts/user/info', async (route) => {
      await sessionEnded;
      await route.continue().catch(() => {});
    });
    await page.route(isNewest, async (route) => {
      await sessionEnded;
      await route.continue().catch(() => {});
    });
    await page.goto(`/messages/${room.id}`);
    await expect.poll(() => newest.count, { timeout: 10_000 }).toBe(1);
    // member1 logs out in another tab; this one, still starting, follows to the login page.
    const other = await page.context().newPage();
    await other.goto('/preferences');
    await other.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/account/login');
    endSession();
    await page.unroute('**/api/usermgmt/v2/accounts/user/info');
    await page.unroute(isNewest);
    // member2, the room's other member, logs in on this tab (the app keeps running: no reload)
    // and opens the same room from the list.
    await submitLogIn(page, 'member2@sandbox.test');
    const before = newest.count;
    await page.getByRole('link', { name: 'Messages' }).first().click();
    await page.locator(`a[href="/messages/${room.id}"]`).first().click();
    await page.locator('[data-message-row]').first().waitFor();
    // The room asked for its own newest page: member1's, answered in the meantime, was not taken.
    expect(newest.count).toBeGreaterThan(before);
  });

  /**
   * member1's start-up on /matches meets a failed user info (the line drops) while the
   * recommendations answer, `late` after the failure or not; then member2 logs in on the same tab
   * (the app keeps running: no reload) and is taken back to the matches, which must be member2's.
   */
  async function member2AfterFailedStartup(late: boolean): Promise<void> {
    const firstCards = async (email: string) => {
      const client = createClient({ baseURL: app.url, locks: null });
      await client.accounts.login({ email, password: DEMO_PASSWORD });
      const { recommendations } = await client.recommendations.list({ page: 1 });
      return recommendations.map(
        (item) =>
          `/matches/members/${encodeURIComponent(item.metaData.profile?.keycloakId ?? String(item.recipient_id))}`,
      );
    };
    const [first, second] = [
      await firstCards('member1@sandbox.test'),
      await firstCards('member2@sandbox.test'),
    ];
    // The two members' lists differ, or the test could not tell whose the screen shows.
    expect(second).not.toEqual(first);
    const page = await app.newPage();
    await app.signIn(page, 'member1@sandbox.test');
    await page.goto('/preferences');
    const recommendations = countRequests(page, RECOMMENDATIONS);
    // The server's answer, and the matches' start-up module whose early work would take it.
    const answered = { count: 0 };
    page.on('response', (response) => {
      if (RECOMMENDATIONS.test(new URL(response.url()).pathname)) answered.count++;
    });
    let startupLoaded = false;
    page.on('requestfinished', (request) => {
      startupLoaded ||= /\/assets\/matches-startup-[\w-]{8}\.js$/.test(new URL(request.url()).pathname);
    });
    const failed = page.getByText('We could not load your account. Please try again.');
    let failureShown = false;
    await page.route('**/api/usermgmt/v2/accounts/user/info', async (route) => {
      // Late: the early work has asked for the list (its module is here and has run) first.
      if (late) {
        await expect.poll(() => startupLoaded, { timeout: 10_000 }).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      await route.abort('failed');
    });
    if (late) {
      await page.route(
        (url) => RECOMMENDATIONS.test(url.pathname),
        async (route) => {
          await expect.poll(() => failureShown, { timeout: 15_000 }).toBe(true);
          await route.continue().catch(() => {});
        },
      );
    }
    await page.goto('/matches');
    await failed.waitFor();
    failureShown = true;
    await expect.poll(() => answered.count === 1 && startupLoaded, { timeout: 10_000 }).toBe(true);
    await page.unroute('**/api/usermgmt/v2/accounts/user/info');
    await page.unroute((url) => RECOMMENDATIONS.test(url.pathname));
    // The visitor is anonymous, on the login page with the error.
    await page.waitForURL((url) => url.pathname === '/account/login');
    await submitLogIn(page, 'member2@sandbox.test');
    await page.waitForURL((url) => url.pathname === '/matches');
    const cards = page.getByRole('list', { name: 'Recommendations' }).getByRole('listitem');
    await cards.first().waitFor();
    await expect.poll(() => cards.first().getByRole('link').first().getAttribute('href')).toBe(second[0]);
    expect(recommendations.count).toBe(2);
  }

  it("user info fails at start-up on /matches: the list start-up asked for is not the next member's", async () => {
    await member2AfterFailedStartup(false);
  });

  it("user info fails while the list start-up asked for is on its way: its late answer is not the next member's", async () => {
    await member2AfterFailedStartup(true);
  });

  it("/admin/users: the search is asked for as soon as user info says admin, beside the back office's chunk, once", async () => {
    const page = await app.newPage({ location: false });
    // Signed in with cookies: after the login form, the landing page's own search could still be
    // on its way when the count starts.
    await app.signIn(page, 'admin@sandbox.test');
    const searches = countRequests(page, /\/admin\/users\/search\/?$/, 'POST');
    // The back office's chunk is held until the search has been asked for: were it asked for
    // only by the screen, it never would be, and the list would not show.
    let held = false;
    const areaChunk = (url: URL) =>
      /^\/assets\/admin-[^/]+\.js$/.test(url.pathname) && !url.pathname.startsWith('/assets/admin-startup-');
    await page.route(areaChunk, async (route) => {
      held = true;
      await expect.poll(() => searches.count, { timeout: 10_000 }).toBeGreaterThan(0);
      await route.continue();
    });
    await page.goto('/admin/users?status=active&page=2');
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    await page.waitForLoadState('networkidle');
    expect(held).toBe(true);
    expect(searches.count).toBe(1);
    await page
      .getByRole('navigation', { name: 'Users pages' })
      .getByText(/Page 2 of/)
      .waitFor();
  });

  it('/admin/users: the search is asked for once when the back office is already here as user info answers', async () => {
    const page = await app.newPage({ location: false });
    // Signed in with cookies: after the login form, the landing page's own search could still be
    // on its way when the count starts.
    await app.signIn(page, 'admin@sandbox.test');
    const searches = countRequests(page, /\/admin\/users\/search\/?$/, 'POST');
    // User info answers only once the back office's chunks are here: the screen can render at once,
    // and must still take start-up's search rather than ask for its own.
    const chunks = new Set<string>();
    page.on('requestfinished', (request) => {
      const name = new URL(request.url()).pathname;
      // The area's chunk and the back office's own (with its start-up module: scripts/chunk-groups.ts).
      if (/^\/assets\/(admin|back-office)-[\w-]{8}\.js$/.test(name)) chunks.add(name);
    });
    await page.route('**/api/usermgmt/v2/accounts/user/info', async (route) => {
      await expect.poll(() => chunks.size, { timeout: 10_000 }).toBe(2);
      await route.continue();
    });
    await page.goto('/admin/users');
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    await page.waitForLoadState('networkidle');
    expect(searches.count).toBe(1);
  });

  it('the screen shows while the subscription and the DAU event are still on their way', async () => {
    const page = await app.newPage();
    await app.signIn(page, 'member1@sandbox.test');
    await page.goto('/preferences');
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held: string[] = [];
    for (const path of ['**/api/payment/v2/subscriptions/**', '**/api/analytics/v2/dau/']) {
      await page.route(path, async (route) => {
        held.push(new URL(route.request().url()).pathname);
        await released;
        await route.continue().catch(() => {});
      });
    }
    await page.goto('/matches');
    await page.getByRole('list', { name: 'Recommendations' }).getByRole('listitem').first().waitFor();
    // Both were asked for (the list may show before the later of them is even sent; a held one
    // may be asked for again by its retry policy) and neither has answered: they are held until now.
    // The DAU event waits for the screen's shown moment, seconds after the list on a busy page.
    await expect.poll(() => new Set(held).size, WAIT_TEXT).toBe(2);
    release();
    await page.waitForLoadState('networkidle');
  });

  it("a member's realtime channels, notifications and location check start once the first screen is shown, not on its path", async () => {
    const page = await app.newPage();
    await app.signIn(page, 'member1@sandbox.test');
    await holdIdleCallbacks(page);
    // Counted from the document the test opens next.
    const next = nextDocument(page);
    const sockets: string[] = [];
    page.on('websocket', (socket) => {
      if (next()) sockets.push(socket.url());
    });
    const locationCheck = countRequests(page, /\/assets\/location-modal-[\w-]+\.js$/, 'GET', next);
    // The features' member work (notifications-startup.ts: the badge's count; the chat's outbox).
    const memberWork = countRequests(
      page,
      /\/assets\/(notifications|messages)-startup-[\w-]+\.js$/,
      'GET',
      next,
    );
    const badge = countRequests(page, /^\/api\/alerts\/v2\/count\/?$/, 'GET', next);
    await page.goto('/matches');
    await page.getByRole('list', { name: 'Recommendations' }).getByRole('listitem').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(sockets).toEqual([]);
    expect([locationCheck.count, memberWork.count, badge.count]).toEqual([0, 0, 0]);
    await releaseIdle(page);
    // Both channels (notifications and chat), each on its own connection: the page fetches and
    // runs their code first, which a busy page does in seconds, not within the poll's default 1 s.
    await expect.poll(() => sockets.length, WAIT_TEXT).toBe(2);
    await expect
      .poll(() => [locationCheck.count, memberWork.count, badge.count], WAIT_TEXT)
      .toEqual([1, 2, 1]);
  });

  it("a room marks its messages read once it has rendered and the browser has a moment, not on its first screen's path", async () => {
    const { page, reads, status } = await openUnreadRoom(`Unread when the room opens ${Date.now()}`);
    await page.waitForLoadState('networkidle');
    expect(reads.count).toBe(0);
    await releaseIdle(page);
    await expect.poll(status).toBe('READ');
    expect(reads.count).toBe(1);
    // Closed, or it would read the next test's messages in this room as they arrive.
    await page.close();
  });

  it("a room's read receipt and the DAU event wait for the screen to be shown, not for the first idle moment", async () => {
    const { room, text, status } = unreadFromMember2(`Unread until the screen is shown ${Date.now()}`);
    const page = await app.newPage();
    await app.signIn(page, 'member1@sandbox.test');
    // For its first 2.5 s the page is busy as a phone's is while its chunks arrive and run: a long
    // task (60 ms) every 100 ms, with idle moments between them. The screen is shown only once
    // the main thread has been quiet a while (app/first-screen.ts), so after that.
    await page.addInitScript(() => {
      const busyUntil = performance.now() + 2_500;
      const calls: { path: string; at: number }[] = [];
      Object.assign(window, { busyUntil, calls });
      const busy = () => {
        const end = performance.now() + 60;
        while (performance.now() < end) {}
        if (performance.now() < busyUntil) setTimeout(busy, 40);
      };
      setTimeout(busy, 0);
      const original = window.fetch;
      window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
        const url = new URL(input instanceof Request ? input.url : String(input), location.href);
        calls.push({ path: url.pathname, at: performance.now() });
        return original.call(this, input, init);
      };
    });
    await page.goto(`/messages/${room.id}`);
    await page.locator('[data-message-row]').filter({ hasText: text }).waitFor();
    const sentAt = async (path: string) =>
      page.evaluate(
        (wanted) =>
          (window as unknown as { calls: { path: string; at: number }[] }).calls.find(
            (call) => call.path === wanted,
          )?.at ?? null,
        path,
      );
    const read = '/api/chats/v2/chats/messages/bulk/status';
    const dau = '/api/analytics/v2/dau/';
    await expect
      .poll(async () => JSON.stringify([await sentAt(read), await sentAt(dau)].map((at) => at !== null)), {
        timeout: 10_000,
      })
      .toBe('[true,true]');
    const busyUntil = await page.evaluate(() => (window as unknown as { busyUntil: number }).busyUntil);
    expect((await sentAt(read)) ?? 0).toBeGreaterThan(busyUntil);
    expect((await sentAt(dau)) ?? 0).toBeGreaterThan(busyUntil);
    await expect.poll(status).toBe('READ');
  });

  it("user info's answer is read without waiting for the features' start-up modules", async () => {
    const page = await app.newPage();
    // Signed in with cookies: after the login form, the landing page's own start-up could send
    // the subscription once the count had started, and the test would pass without its own.
    await app.signIn(page, 'member1@sandbox.test');
    // Start-up sends the subscription as soon as it has read user info's answer.
    const subscription = countRequests(page, /^\/api\/payment\/v2\/subscriptions\//);
    const held = { module: false, subscriptionFirst: false };
    await page.route(/\/assets\/matches-startup-[\w-]+\.js$/, async (route) => {
      held.module = true;
      // Held until the subscription goes out, or long enough that a page that never sends it
      // before the module is here is told from a slow one (a busy page took over 5 s).
      held.subscriptionFirst = await waitUntil(() => subscription.count > 0, WAIT_TEXT.timeout);
      await route.continue();
    });
    await page.goto('/matches');
    await page.getByRole('list', { name: 'Recommendations' }).getByRole('listitem').first().waitFor();
    expect(held).toEqual({ module: true, subscriptionFirst: true });
  });

  it('a logout before the first screen is shown: the ended session opens no channel when the moment comes', async () => {
    const page = await app.newPage();
    await app.signIn(page, 'member1@sandbox.test');
    await holdIdleCallbacks(page);
    // Counted from the document the test opens next.
    const next = nextDocument(page);
    const sockets: string[] = [];
    page.on('websocket', (socket) => {
      if (next()) sockets.push(socket.url());
    });
    // Nor does it send its DAU event, which waits for the same moment.
    const dau: string[] = [];
    page.on('request', (request) => {
      if (next() && new URL(request.url()).pathname === '/api/analytics/v2/dau/') dau.push(request.method());
    });
    await page.goto('/matches');
    await page.getByRole('list', { name: 'Recommendations' }).getByRole('listitem').first().waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/account/login**');
    await releaseIdle(page);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    expect(sockets).toEqual([]);
    expect(dau).toEqual([]);
  });

  it('a room left before it is shown sends no read receipt when the moment comes', async () => {
    const { page, reads, status } = await openUnreadRoom(`Left before it was shown ${Date.now()}`);
    // Within the app, before the room's "shown" moment (idle callbacks held): the room closes.
    await page.getByRole('navigation').getByRole('link', { name: 'Matches' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Matches' }).waitFor();
    await releaseIdle(page);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    expect(reads.count).toBe(0);
    expect(status()).toBe('DELIVERED');
    await page.close();
  });

  it('the DAU event waits for an idle moment: the first screen shows without it', async () => {
    const page = await app.newPage();
    await app.signIn(page, 'member1@sandbox.test');
    // That page's own start-up sends its DAU event at its idle moment: waited for, so that it is
    // not taken for the next page's.
    const earlierDau = page.waitForResponse((response) => response.url().endsWith('/api/analytics/v2/dau/'));
    await page.goto('/preferences');
    await earlierDau;
    // The page's idle callbacks are held until the test releases them.
    await holdIdleCallbacks(page);
    // The DAU events /matches sends (its document is the referrer: `Referrer-Policy: same-origin`).
    const dau: string[] = [];
    page.on('request', async (request) => {
      if (new URL(request.url()).pathname !== '/api/analytics/v2/dau/') return;
      const referrer = (await request.allHeaders()).referer ?? '';
      if (new URL(referrer).pathname === '/matches') dau.push(request.method());
    });
    await page.goto('/matches');
    await page.getByRole('list', { name: 'Recommendations' }).getByRole('listitem').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(dau).toEqual([]);
    await releaseIdle(page);
    // Sent all the same (SPEC.md section 1), once the browser had a moment to spare: on a busy
    // page, longer than the poll's default 1 s after the idle callbacks run.
    await expect.poll(() => dau, WAIT_TEXT).toEqual(['POST']);
  });

  it('a deleted account refused the list at start-up sees the screen afresh once reactivated', async () => {
    const page = await app.newPage();
    await logIn(page, 'deleted@sandbox.test');
    await page.waitForURL((url) => url.pathname === '/account/reactivate');
    const recommendations = countRequests(page, RECOMMENDATIONS);
    // Starting on /matches asks for the list beside user info: refused (401) for a deleted account.
    await page.goto('/matches');
    await page.waitForURL((url) => url.pathname === '/account/reactivate');
    await expect.poll(() => recommendations.count).toBe(1);
    await page.getByRole('button', { name: /reactivate/i }).click();
    await page.waitForURL((url) => url.pathname === '/matches');
    await page.getByRole('heading', { level: 1, name: 'Matches' }).waitFor();
    await page.getByRole('heading', { name: 'No recommendations right now' }).waitFor();
    expect(recommendations.count).toBe(2);
    expect(await page.getByText('We could not load your recommendations').count()).toBe(0);
  });
});
