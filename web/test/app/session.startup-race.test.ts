/**
 * Start-up's chunks at the worst moments. Racing a logout: the notifications code is a chunk
 * loaded at login. A member who logs out while it is still loading, then another who logs in on
 * the same tab, must get the second member's badge and live notifications, and nothing may run for
 * the session that ended. Not downloaded: a start-up module whose chunk could not be fetched (the
 * line dropped for a moment just after the page loaded) is fetched again, and its work runs for
 * the session then, without a reload or a new login: when the browser comes back online, or after
 * a moment when it never went offline. Before, the feature was gone for the life of the page: no
 * badge nor live notifications, no outbox watch.
 */
import { createClient } from '@matchmaker/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxNotifications, sandboxUser } from '../features/sandbox-world';
import { DEMO_PASSWORD, logIn, startApp, submitLogIn, type TestApp, WAIT_TEXT } from '../harness/browser';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const memberId = (email: string) => sandboxUser(app, email).keycloakId;
const unreadOf = (email: string) => sandboxNotifications(app, email).filter((entry) => !entry.read).length;

describe('start-up and logout at the same moment', () => {
  it('a logout while the notifications chunk loads leaves the next member a working badge and live toasts', async () => {
    const page = await app.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // Hold the chunk until the first member has logged out.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let requested = false;
    await page.route('**/assets/notifications-state-*.js', async (route) => {
      requested = true;
      await held;
      await route.continue();
    });

    await logIn(page, 'member1@sandbox.test');
    await expect.poll(() => requested, WAIT_TEXT).toBe(true);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/account/login'));
    release();
    // The chunk arrives for a session that has ended; then another member logs in on this tab.
    await page.waitForLoadState('networkidle');
    await submitLogIn(page, 'member2@sandbox.test');

    const expected = unreadOf('member2@sandbox.test');
    expect(expected).toBeGreaterThan(0);
    const badge = page.getByTestId('unread-badge');
    await expect.poll(() => badge.textContent(), WAIT_TEXT).toBe(`${expected} unread`);

    // A notification for the new member arrives live, once.
    const other = await app.newPage();
    await logIn(other, 'new@sandbox.test');
    await other.goto(`/matches/members/${memberId('member2@sandbox.test')}`);
    await other.getByRole('button', { name: 'Send match request' }).click();
    await expect.poll(() => unreadOf('member2@sandbox.test'), WAIT_TEXT).toBe(expected + 1);
    await expect.poll(() => badge.textContent(), WAIT_TEXT).toBe(`${expected + 1} unread`);

    // Nothing was attempted (and reported) for the ended session.
    expect(errors.filter((text) => /not logged in|NotLoggedIn/i.test(text))).toEqual([]);
  });
});

/** The start-up chunk `name` as the page asks for it (`/assets/<name>-<hash>.js`). */
const chunk = (name: string) => new RegExp(`/assets/${name}-[\\w-]+\\.js$`);

describe('a start-up module that could not be downloaded', () => {
  it('is fetched again after a moment while online: the badge and live notifications work without a reload', async () => {
    const page = await app.newPage();
    await app.signIn(page, 'member1@sandbox.test');
    // The first fetch of the notifications' start-up fails, as on a line that dropped; the next go through.
    let requests = 0;
    await page.route(chunk('notifications-startup'), async (route) => {
      requests++;
      if (requests === 1) await route.abort('internetdisconnected');
      else await route.fallback();
    });
    await page.goto('/matches');
    await page.getByRole('heading', { level: 1, name: 'Matches' }).waitFor();
    let loads = 0;
    page.on('load', () => {
      loads++;
    });

    const unread = unreadOf('member1@sandbox.test');
    expect(unread).toBeGreaterThan(0);
    const badge = page.getByTestId('unread-badge');
    await expect.poll(() => badge.textContent(), WAIT_TEXT).toBe(`${unread} unread`);
    expect(requests).toBe(2);

    // A notification sent now arrives live: a toast and the badge going up.
    const other = createClient({ baseURL: app.url, locks: null });
    await other.accounts.login({ email: 'new@sandbox.test', password: DEMO_PASSWORD });
    await other.recommendations.sendRequest({ recipient_id: memberId('member1@sandbox.test') });
    await expect.poll(() => unreadOf('member1@sandbox.test'), WAIT_TEXT).toBe(unread + 1);
    const latest = sandboxNotifications(app, 'member1@sandbox.test').at(-1);
    await page
      .getByRole('status')
      .filter({ hasText: latest?.body ?? '' })
      .first()
      .waitFor();
    await expect.poll(() => badge.textContent(), WAIT_TEXT).toBe(`${unread + 1} unread`);
    expect(loads).toBe(0);
  });

  it('is fetched again once the browser is back online: a message another tab kept offline is sent from this one', async () => {
    const member = 'member3@sandbox.test';
    const room = app.sandbox.world.store.roomBetween(memberId(member), memberId('member4@sandbox.test'));
    if (!room) throw new Error('the seeded pair has no room');
    const page = await app.newPage();
    const context = page.context();
    await app.signIn(page, member);
    // The line drops as the chat's start-up (the outbox watch) is fetched.
    let requests = 0;
    await page.route(chunk('messages-startup'), async (route) => {
      requests++;
      if (requests === 1) {
        await context.setOffline(true);
        await route.abort('internetdisconnected');
      } else await route.fallback();
    });
    await page.goto('/matches');
    await page.getByRole('heading', { level: 1, name: 'Matches' }).waitFor();
    await expect.poll(() => requests, WAIT_TEXT).toBe(1);
    let loads = 0;
    page.on('load', () => {
      loads++;
    });
    // Offline, nothing is fetched again (it would fail), however long the wait.
    await page.waitForTimeout(3_000);
    expect(requests).toBe(1);

    // Meanwhile another tab of the member kept a message it could not send before it closed: the
    // outbox in local storage, as such a tab leaves it.
    const text = `queued while offline ${Date.now()}`;
    await page.evaluate(([key, entry]) => window.localStorage.setItem(key, JSON.stringify([entry])), [
      `matchmaker.chat-outbox.${memberId(member)}`,
      {
        key: `local-${Date.now()}`,
        room: room.id,
        recipientId: memberId('member4@sandbox.test'),
        text,
        file: null,
        state: 'queued',
        uncertain: false,
        attemptedAt: 0,
        error: null,
        createdAt: Date.now(),
        seen: [],
      },
    ] as const);

    // Back online: this tab fetches the chat's start-up and sends the message, once.
    await context.setOffline(false);
    await expect
      .poll(
        () => app.sandbox.world.store.messages(room.id).filter((message) => message.message === text).length,
        { timeout: 20_000 },
      )
      .toBe(1);
    expect(requests).toBe(2);
    expect(loads).toBe(0);
  });
});
