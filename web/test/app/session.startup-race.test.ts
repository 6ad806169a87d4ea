/**
 * Start-up racing a logout: the notifications code is a chunk loaded at login. A member who logs
 * out while it is still loading, then another who logs in on the same tab, must get the second
 * member's badge and live notifications, and nothing may run for the session that ended.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxNotifications, sandboxUser } from '../features/sandbox-world';
import { logIn, startApp, submitLogIn, type TestApp, WAIT_TEXT } from '../harness/browser';

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
