/**
 * The 5,000-message room (member1 and member2 in the seeded world): history loads 20 at a time
 * upward as the member scrolls, and the virtualised list keeps the DOM bounded; and a room opened
 * on a page load says the connection is lost only once an attempt has failed, not while the
 * chat's first connection is on its way. On a phone, the open room fills the view below the
 * app's header, with every control in reach.
 */
import type { Locator, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdIdleCallbacks, releaseIdle, startApp, type TestApp } from '../harness/browser';
import { ENGINE_OPEN } from './chat-network';
import { sandboxUser } from './sandbox-world';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

function memberRoomId(): string {
  const room = app.sandbox.world.store.roomBetween(
    sandboxUser(app, 'member1@sandbox.test').keycloakId,
    sandboxUser(app, 'member2@sandbox.test').keycloakId,
  );
  if (!room) throw new Error('the sandbox has no member1/member2 room');
  return room.id;
}

describe('the 5,000-message room', () => {
  it('asks for older messages only once the first rows are shown, and then as the member scrolls toward them', async () => {
    const page = await app.newPage({ width: 375 });
    await app.signIn(page, 'member1@sandbox.test');
    await holdIdleCallbacks(page);
    const pages: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith(`/rooms/${memberRoomId()}/messages`))
        pages.push(url.searchParams.get('page') ?? '');
    });
    await page.goto(`/messages/${memberRoomId()}`);
    const history = page.getByRole('region', { name: /Messages with/ });
    await history.locator('[data-message-row]').first().waitFor();
    await page.waitForLoadState('networkidle');
    // The room opens at its newest rows: asking for the older page as part of its first look held
    // the room's first paint on a phone behind one more round trip.
    expect(pages).not.toContain('2');
    await releaseIdle(page);
    await page.waitForLoadState('networkidle');
    expect(pages).not.toContain('2');
    await history.evaluate((element) => {
      element.scrollTop = 0;
    });
    await expect.poll(() => pages).toContain('2');
  });

  it("says nothing of a lost connection while the chat's first connection is on its way; a failed attempt says it", async () => {
    const page = await app.newPage({ width: 375 });
    await app.signIn(page, 'member1@sandbox.test');
    // The chat's sockets open but hear nothing yet: their first connection is on its way.
    const held: WebSocketRoute[] = [];
    let failing = false;
    // Engine.io's open packet, then the line drops, as a lost connection would.
    const drop = (socket: WebSocketRoute) => {
      socket.send(ENGINE_OPEN);
      void socket.close();
    };
    await page.routeWebSocket(/\/socket\.io\//, (socket) => {
      if (failing) drop(socket);
      else held.push(socket);
    });
    await page.goto(`/messages/${memberRoomId()}`);
    const history = page.getByRole('region', { name: /Messages with/ });
    await history.locator('[data-message-row]').first().waitFor();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    expect(await page.getByText('Connection lost.').count()).toBe(0);
    // The attempts fail (the held ones, and every one after): now the member is told, and that
    // what they write waits.
    failing = true;
    for (const socket of held.splice(0)) drop(socket);
    await page.getByText('Connection lost.').waitFor();
  });

  it('loads 20 at a time upward and keeps the DOM bounded', async () => {
    const page = await app.newPage();
    await app.signIn(page, 'member1@sandbox.test');
    await page.goto(`/messages/${memberRoomId()}`);
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

/** Where a locator's element is on the screen, in CSS pixels. */
async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} is not on the page`);
  return box;
}

type Box = Awaited<ReturnType<typeof boxOf>>;
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The room's controls, by what a screen reader calls them. */
function roomControls(page: Page, blockName: 'Block' | 'Unblock'): Record<string, Locator> {
  return {
    back: page.getByRole('link', { name: 'Conversations' }),
    block: page.getByRole('button', { name: blockName, exact: true }),
    report: page.getByRole('button', { name: 'Report', exact: true }),
    text: page.getByRole('textbox', { name: 'Message' }),
    attach: page.getByRole('button', { name: 'Attach a file' }),
    send: page.getByRole('button', { name: 'Send' }),
  };
}

/** Each control whole inside the room and the view, none over another, each a touch target. */
async function expectInReach(page: Page, room: Box, controls: Record<string, Locator>) {
  const view = page.viewportSize();
  if (!view) throw new Error('the page has no viewport');
  const boxes = Object.entries(controls).map(
    async ([name, control]) => [name, await boxOf(control)] as const,
  );
  const placed = await Promise.all(boxes);
  for (const [name, box] of placed) {
    expect({ name, left: box.x >= room.x, right: box.x + box.width <= room.x + room.width + 0.5 }).toEqual({
      name,
      left: true,
      right: true,
    });
    expect({ name, bottom: box.y + box.height <= view.height }).toEqual({ name, bottom: true });
    expect({ name, height: box.height >= 44 }).toEqual({ name, height: true });
  }
  for (const [i, [name, box]] of placed.entries())
    for (const [other, otherBox] of placed.slice(i + 1))
      expect({ [name]: name, [other]: other, overlap: overlap(box, otherBox) }).toEqual({
        [name]: name,
        [other]: other,
        overlap: false,
      });
}

describe('the open room on a phone', () => {
  for (const [width, height] of [
    [320, 480],
    [375, 667],
  ] as const) {
    it(`fills a ${width} x ${height} phone's view below the app's header, every control in reach`, async () => {
      const page = await app.newPage({
        viewport: { width, height },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      });
      await app.signIn(page, 'member1@sandbox.test');
      await page.goto(`/messages/${memberRoomId()}`);
      const history = page.getByRole('region', { name: /Messages with/ });
      await history.locator('[data-message-row]').first().waitFor();
      const other = (await history.getAttribute('aria-label'))?.replace('Messages with ', '') ?? '';
      const room = await boxOf(page.getByRole('region', { name: other, exact: true }));
      // The whole room is in view: once, its composer was below the fold, under the page's heading.
      expect(room.y + room.height).toBeLessThanOrEqual(height);
      // The page's heading is still there for screen readers, but takes no room: the room starts
      // right below the app's header (once, 140 px lower, below the heading and its lead).
      await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor({ state: 'attached' });
      const header = await boxOf(page.getByRole('banner'));
      expect(room.y - (header.y + header.height)).toBeLessThanOrEqual(16);
      // A few messages' room: 53 px at 320 x 480 when the header and the composer took three rows each.
      expect(await history.evaluate((element) => element.clientHeight)).toBeGreaterThanOrEqual(
        height === 480 ? 200 : 380,
      );
      await expectInReach(page, room, roomControls(page, 'Block'));
      // Blocked, the longer word still fits beside the way back.
      await page.getByRole('button', { name: 'Block', exact: true }).click();
      const unblock = page.getByRole('button', { name: 'Unblock' });
      try {
        await unblock.waitFor();
        await expectInReach(page, room, roomControls(page, 'Unblock'));
        // With its toast shown, which once lay over Unblock (the click went to the toast).
        await page.getByRole('status').filter({ hasText: 'is blocked' }).waitFor();
        await unblock.click({ timeout: 3_000 });
        await page.getByRole('button', { name: 'Block', exact: true }).waitFor();
      } finally {
        // The room is the file's: a failure here leaves it unblocked for the next test.
        if (await unblock.isVisible()) await unblock.click({ force: true });
      }
    });
  }

  it("keeps the page's heading and words on a wide screen", async () => {
    const page = await app.newPage();
    await app.signIn(page, 'member1@sandbox.test');
    await page.goto(`/messages/${memberRoomId()}`);
    await page
      .getByRole('region', { name: /Messages with/ })
      .locator('[data-message-row]')
      .first()
      .waitFor();
    expect((await boxOf(page.getByRole('heading', { level: 1, name: 'Messages' }))).height).toBeGreaterThan(
      20,
    );
    // The composer's buttons show their words, not only their icons.
    expect(await page.getByRole('button', { name: 'Attach a file' }).textContent()).toBe('Attach a file');
    expect((await boxOf(page.getByText('Attach a file', { exact: true }))).width).toBeGreaterThan(40);
  });
});
