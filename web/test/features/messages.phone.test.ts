/**
 * The open room on a phone: it fills the view below the app's header (upright, on its side, with
 * the reader's larger text), every control whole, in view and under nothing else, the page itself
 * never scrolling, names of any script shown whole or cut at their end, and a way back from a room
 * that failed to open. Each check here failed once, on a 320 x 480 phone or with 150% text.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdRequests, type PageOptions, startApp, type TestApp } from '../harness/browser';
import { ENGINE_OPEN } from './chat-network';
import { sandboxRoomPath, sandboxUser } from './sandbox-world';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

/** member1's 5,000-message room with member2. */
const roomPath = () => sandboxRoomPath(app, 'member1@sandbox.test', 'member2@sandbox.test');

/** A room's newest page, whose refusal (404) makes the room fail to open. */
const ROOM_MESSAGES = /\/api\/chats\/v2\/chats\/rooms\/[^/]+\/messages/;

/** Every room refuses to open, each answer `delay()` ms late. */
async function refuseRooms(page: Page, delay: () => number = () => 0): Promise<void> {
  await page.route(ROOM_MESSAGES, async (route) => {
    const wait = delay();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: '{"message":"Room not found"}',
    });
  });
}

/** member1 wide in the first conversation, its name holding focus; the list's links. */
async function inFirstRoom(): Promise<{ page: Page; rooms: Locator; first: Locator }> {
  const page = await app.newPage();
  await app.signIn(page, 'member1@sandbox.test');
  await page.goto('/messages');
  const rooms = page.getByRole('list', { name: 'Conversations' }).getByRole('link');
  await rooms.nth(0).click();
  const first = page.locator('#chat-title');
  await expect.poll(() => first.evaluate((element) => element === document.activeElement)).toBe(true);
  return { page, rooms, first };
}

interface Phone {
  width: number;
  height: number;
  /** The browser's default text size (a phone's text-size setting); 16 px unless given. */
  text?: number;
}

/** A phone's page (touch, its own scrollbars), with the reader's text size. */
async function phonePage({ width, height, text }: Phone, options: PageOptions = {}): Promise<Page> {
  const page = await app.newPage({
    viewport: { width, height },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    ...options,
  });
  if (text) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: text, fixed: text } });
  }
  return page;
}

/**
 * member1 on a 375 px phone opens the first conversation from the list while every room refuses
 * to open (`delay()` ms late); the error's title, once it shows.
 */
async function openRefusedRoom(delay?: () => number): Promise<{ page: Page; problem: Locator }> {
  const page = await phonePage({ width: 375, height: 720 });
  await app.signIn(page, 'member1@sandbox.test');
  await page.goto('/messages');
  await refuseRooms(page, delay);
  await page.getByRole('list', { name: 'Conversations' }).getByRole('link').first().click();
  const problem = page.getByRole('alert').getByRole('heading', { level: 2 });
  await problem.waitFor({ timeout: 10_000 });
  return { page, problem };
}

/** member1 on a phone in the big room, its newest rows shown. */
async function openRoom(phone: Phone) {
  const page = await phonePage(phone);
  await app.signIn(page, 'member1@sandbox.test');
  await page.goto(roomPath());
  const history = page.getByRole('region', { name: /Messages with/ });
  await history.locator('[data-message-row]').first().waitFor();
  const other = (await history.getAttribute('aria-label'))?.replace('Messages with ', '') ?? '';
  return { page, history, room: page.getByRole('region', { name: other, exact: true }) };
}

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

/**
 * Each control whole inside the room (and, with `inView`, the view), none over another, each a
 * touch target; and what a tap at each control's middle and three quarters reaches is that control.
 */
async function expectInReach(page: Page, room: Locator, controls: Record<string, Locator>, inView = true) {
  const view = page.viewportSize();
  if (!view) throw new Error('the page has no viewport');
  const roomBox = await boxOf(room);
  const placed = await Promise.all(
    Object.entries(controls).map(async ([name, control]) => [name, control, await boxOf(control)] as const),
  );
  for (const [name, control, box] of placed) {
    // Across and down: a control below the room's bottom edge is cut off (the room clips).
    const inside =
      box.x >= roomBox.x - 0.5 &&
      box.x + box.width <= roomBox.x + roomBox.width + 0.5 &&
      box.y >= roomBox.y - 0.5 &&
      box.y + box.height <= roomBox.y + roomBox.height + 0.5;
    expect({ name, inside }).toEqual({ name, inside: true });
    if (inView) expect({ name, bottom: box.y + box.height <= view.height }).toEqual({ name, bottom: true });
    expect({ name, height: box.height >= 44 }).toEqual({ name, height: true });
    for (const across of [0.5, 0.75]) {
      const point = { x: box.x + box.width * across, y: box.y + box.height / 2 };
      if (point.y >= view.height) continue;
      const reached = await control.evaluate(
        (element, { x, y }) => element.contains(document.elementFromPoint(x, y)),
        point,
      );
      expect({ name, across, reached }).toEqual({ name, across, reached: true });
    }
  }
  for (const [i, [name, , box]] of placed.entries())
    for (const [other, , otherBox] of placed.slice(i + 1))
      expect({ [name]: name, [other]: other, overlap: overlap(box, otherBox) }).toEqual({
        [name]: name,
        [other]: other,
        overlap: false,
      });
}

/** How far the page itself could scroll (the room, not the page, is what scrolls on a phone). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => (document.scrollingElement?.scrollHeight ?? 0) - window.innerHeight);

/** Block, Unblock, Block: three toasts within a second or two, each action done before the next. */
async function blockUnblockBlock(page: Page): Promise<void> {
  for (const name of ['Block', 'Unblock', 'Block'] as const) {
    await page.getByRole('button', { name, exact: true }).click();
    await page.getByRole('button', { name: name === 'Block' ? 'Unblock' : 'Block', exact: true }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: name === 'Block' ? / is blocked$/ : / is unblocked$/ })
      .first()
      .waitFor();
  }
}

/** The room is the file's: a test that leaves the other member blocked unblocks them. */
async function unblockIfBlocked(page: Page): Promise<void> {
  const unblock = page.getByRole('button', { name: 'Unblock', exact: true });
  if (await unblock.isVisible()) await unblock.click({ force: true });
}

/**
 * Blocks the other member, checks the controls, and unblocks; then blocks again and unblocks
 * through the toast's time.
 */
async function blockAndUnblock(page: Page, room: Locator, inView: boolean) {
  const block = page.getByRole('button', { name: 'Block', exact: true });
  const unblock = page.getByRole('button', { name: 'Unblock' });
  const blockedToast = page.getByRole('status').filter({ hasText: 'is blocked' }).first();
  await block.click();
  try {
    await unblock.waitFor();
    // The longer word still leaves the way back whole.
    await expectInReach(page, room, roomControls(page, 'Unblock'), inView);
    await unblock.click();
    await block.waitFor();
    // With its toast shown, which once lay over Unblock (the click went to the toast). Blocked
    // afresh, so the click comes while the toast shows: after the checks above, a slow page's
    // toast had already left (its 4 s are the clock's, however slow the page).
    await block.click();
    await unblock.waitFor();
    await blockedToast.waitFor();
    await unblock.click({ timeout: 3_000 });
    await block.waitFor();
  } finally {
    await unblockIfBlocked(page);
  }
}

describe('the open room on a phone', () => {
  // Upright and on its side, the smallest phones and the usual ones; 20 and 24 px: a phone's
  // larger text settings (the app's header then takes two rows).
  const phones: (Phone & { history: number })[] = [
    { width: 320, height: 480, history: 200 },
    { width: 375, height: 667, history: 380 },
    { width: 568, height: 320, history: 100 },
    { width: 667, height: 330, history: 100 },
    { width: 844, height: 390, history: 100 },
    { width: 375, height: 667, text: 20, history: 250 },
    { width: 375, height: 667, text: 24, history: 100 },
  ];
  for (const phone of phones) {
    const { width, height, text } = phone;
    it(`fills a ${width} x ${height} view${text ? ` with ${text} px text` : ''} below the app's header, every control in reach`, async () => {
      const { page, history, room } = await openRoom(phone);
      // The page's heading is still there for screen readers, but takes no room: the room starts
      // right below the app's header (once, 140 px lower, below the heading and its lead).
      expect(await page.getByRole('heading', { level: 1, name: 'Messages' }).count()).toBe(1);
      const header = await boxOf(page.getByRole('banner'));
      const roomBox = await boxOf(room);
      expect(roomBox.y - (header.y + header.height)).toBeLessThanOrEqual(text ? 20 : 16);
      // The whole room is in view, and the page has nothing to scroll: once, the composer was
      // below the fold, and a swipe on the room's header slid it under the app's.
      expect(roomBox.y + roomBox.height).toBeLessThanOrEqual(height);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      // A few messages' room: 53 px at 320 x 480 when the header and the composer took three rows each.
      expect(await history.evaluate((element) => element.clientHeight)).toBeGreaterThanOrEqual(phone.history);
      await expectInReach(page, room, roomControls(page, 'Block'));
      // With 24 px text the "You blocked …" notice takes three lines: the room then grows past the
      // view (the page scrolls) rather than cut its composer off, as it once did.
      await blockAndUnblock(page, room, !text || text < 24);
    });
  }

  it('keeps the way back whole beside Block on a 320 px phone with 150% text, where the room cannot fit', async () => {
    // 24 px text at 320 x 480: the app's header alone takes 175 px. Once, Block lay over the way
    // back, and a tap on "Conversations" blocked the member.
    const { page, room } = await openRoom({ width: 320, height: 480, text: 24 });
    await expectInReach(page, room, roomControls(page, 'Block'), false);
    await blockAndUnblock(page, room, false);
  });

  it('grows rather than cut off its composer when a notice comes with 28 px text', async () => {
    // Found by a helper: with 28 px text the header, "Connection lost" and the composer left the
    // history 0 px, and the composer was cut off below the room's clipped bottom edge.
    const page = await phonePage({ width: 375, height: 667, text: 28 });
    // Every attempt opens, then the line drops (as messages.big-room's lost connection).
    await page.routeWebSocket(/\/socket\.io\//, (socket) => {
      socket.send(ENGINE_OPEN);
      void socket.close();
    });
    await app.signIn(page, 'member1@sandbox.test');
    await page.goto(roomPath());
    const history = page.getByRole('region', { name: /Messages with/ });
    await history.locator('[data-message-row]').first().waitFor();
    await page.getByText('Connection lost.').waitFor();
    const other = (await history.getAttribute('aria-label'))?.replace('Messages with ', '') ?? '';
    const room = page.getByRole('region', { name: other, exact: true });
    await expectInReach(page, room, roomControls(page, 'Block'), false);
    // A line of history still shows.
    expect(await history.evaluate((element) => element.clientHeight)).toBeGreaterThanOrEqual(60);
  });

  it("keeps toasts' place below the room's header as the phone turns, and below the app's once the member leaves", async () => {
    const { page } = await openRoom({ width: 375, height: 667 });
    // Where a toast would stand (react-hot-toast's container, under the app's header), and where
    // it should: 8 px below the room's header in the room, below the app's header elsewhere.
    const place = () =>
      page.evaluate(() => {
        const container = [...document.querySelectorAll<HTMLElement>('.site-header div')].find((element) =>
          element.style.top.includes('--toast-below'),
        );
        const below = (selector: string) =>
          document.querySelector(selector)?.getBoundingClientRect().bottom ?? NaN;
        return {
          toasts: Math.round(container?.getBoundingClientRect().top ?? NaN),
          room: Math.round(below('.chat__header') + 8),
          app: Math.round(below('.site-header') + 8),
        };
      });
    const expectAt = async (where: 'room' | 'app') =>
      expect
        .poll(async () => {
          const at = await place();
          return Math.abs(at.toasts - at[where]) <= 1;
        })
        .toBe(true);
    await expectAt('room');
    // Turned while in the room: the header takes one row, the toasts follow.
    await page.setViewportSize({ width: 667, height: 375 });
    await expectAt('room');
    await page.setViewportSize({ width: 375, height: 667 });
    await expectAt('room');
    // Left for the conversations: the measured offset goes with the room.
    await page.getByRole('link', { name: 'Conversations' }).click();
    await page.getByRole('navigation', { name: 'Your conversations' }).getByRole('link').first().waitFor();
    await expectAt('app');
  });

  for (const phone of [
    { width: 568, height: 320 },
    { width: 320, height: 480, text: 20 },
  ])
    it(`shows one toast at a time on a ${phone.width} x ${phone.height} view${phone.text ? ` with ${phone.text} px text` : ''}: none over the composer`, async () => {
      // Found by a helper: Block, Unblock and Block within 4 s stacked three toasts down over the
      // composer of a short view.
      const { page, room } = await openRoom(phone);
      try {
        await blockUnblockBlock(page);
        // The newest says what the member did last; the older ones have left.
        await expect.poll(() => page.locator('.toast').count(), { timeout: 3_000 }).toBe(1);
        await expect(page.locator('.toast').textContent()).resolves.toMatch(/ is blocked$/);
        const toast = await boxOf(page.locator('.toast'));
        for (const control of [
          page.getByRole('textbox', { name: 'Message' }),
          page.getByRole('button', { name: 'Send' }),
        ])
          expect(overlap(toast, await boxOf(control))).toBe(false);
        await expectInReach(page, room, roomControls(page, 'Unblock'), !phone.text);
      } finally {
        await unblockIfBlocked(page);
      }
    });

  it('leaves one toast of three when the phone turns to a short view', async () => {
    // Found by a helper: upright, three toasts may show; turned, all three stayed, the third over
    // the composer for the rest of their 4 s.
    const { page } = await openRoom({ width: 320, height: 568 });
    try {
      await blockUnblockBlock(page);
      await expect.poll(() => page.locator('.toast').count()).toBeGreaterThanOrEqual(2);
      await page.setViewportSize({ width: 568, height: 320 });
      await expect.poll(() => page.locator('.toast').count(), { timeout: 2_000 }).toBe(1);
      const toast = await boxOf(page.locator('.toast'));
      expect(overlap(toast, await boxOf(page.getByRole('textbox', { name: 'Message' })))).toBe(false);
    } finally {
      await unblockIfBlocked(page);
    }
  });

  for (const width of [375, 1280])
    it(`gives focus to who the conversation is with once it opens from the list, at ${width} px`, async () => {
      // On a phone the page's heading is for screen readers only: focus left there after the
      // navigation showed no ring and said "Messages", not whom the member was now writing to.
      const page = await phonePage({ width, height: 720 });
      await app.signIn(page, 'member1@sandbox.test');
      await page.goto('/messages');
      const { first_name: name } = sandboxUser(app, 'member2@sandbox.test');
      await page
        .getByRole('list', { name: 'Conversations' })
        .getByRole('link', { name: new RegExp(`^${name}`) })
        .click();
      const heading = page.getByRole('heading', { level: 2, name: new RegExp(`^${name}`) });
      await heading.waitFor();
      await expect.poll(() => heading.evaluate((element) => element === document.activeElement)).toBe(true);
      // It is shown where focus is (the page's heading is a 1 px box on a phone).
      expect((await boxOf(heading)).height).toBeGreaterThan(16);
      // And from there the keyboard goes on to the room's actions.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Block');
      if (width >= 768) {
        // Wide, from one room straight to another in the list beside it: focus goes to the new name.
        await page
          .getByRole('list', { name: 'Conversations' })
          .getByRole('link')
          .filter({ hasNotText: new RegExp(`^${name}`) })
          .first()
          .click();
        const next = page.getByRole('heading', { level: 2 }).filter({ hasNotText: new RegExp(`^${name}`) });
        await next.waitFor();
        await expect.poll(() => next.evaluate((element) => element === document.activeElement)).toBe(true);
      }
      // Back to the list (wide, the list stands beside the room), focus is on the page's heading again.
      if (width < 768) await page.getByRole('link', { name: 'Conversations' }).click();
      else
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages' }).click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    });

  it('gives focus to the name, not to "Your match" while the conversations are on their way', async () => {
    // Found by a helper: opened from Mutual matches, where the conversations were not loaded,
    // the room's newest page came before the list that names the member; focus went to the
    // placeholder "Your match" (10 of 12 runs on a throttled line).
    const page = await phonePage({ width: 375, height: 720 });
    await app.signIn(page, 'member1@sandbox.test');
    await page.goto('/matches/mutual');
    const held = await holdRequests(page, /\/api\/chats\/v2\/chats\/rooms(\?|$)/);
    const message = page.getByRole('link', { name: /^Message / }).first();
    const name = ((await message.textContent()) ?? '').replace(/^Message /, '');
    await message.click();
    await page.getByRole('heading', { level: 2, name: 'Your match' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    held.release();
    const heading = page.getByRole('heading', { level: 2, name, exact: true });
    await expect.poll(() => heading.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('gives focus to what went wrong when the room cannot open, at 375 px', async () => {
    // Left open at the last stop: focus stayed on the page's heading, a 1 px box on a phone, so
    // no ring showed, and the keyboard's next Tab went from the top of the page.
    const { page, problem } = await openRefusedRoom();
    await expect.poll(() => problem.evaluate((element) => element === document.activeElement)).toBe(true);
    expect((await boxOf(problem)).height).toBeGreaterThan(16);
    // From there the keyboard reaches Try again.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Try again');
  });

  it('gives focus to what went wrong when the room fails after a slow answer', async () => {
    // Found by a helper: the search for the room's heading stopped 3 s after the navigation, so a
    // room refused after 4 s (a slow line) left focus on the hidden heading (3 of 3).
    const { problem } = await openRefusedRoom(() => 4_500);
    await expect.poll(() => problem.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('keeps focus on the room through Try again: on the new error, or on the name once it opens', async () => {
    // Found by a helper: Try again gave way to the spinner, and focus to the page's body.
    const { page, problem } = await openRefusedRoom();
    await expect.poll(() => problem.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    // Refused again: focus on the new error's title.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[role="alert"]') !== null))
      .toBe(true);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
    await page.unroute(ROOM_MESSAGES);
    await page.getByRole('button', { name: 'Try again' }).focus();
    await page.keyboard.press('Enter');
    const name = page.locator('#chat-title');
    await name.waitFor();
    await expect.poll(() => name.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('leaves focus where the member moved it while Try again was on its way', async () => {
    // The retry's search and the member's own move at the same moment: theirs wins.
    let slow = false;
    const { page, problem } = await openRefusedRoom(() => (slow ? 2_000 : 0));
    await expect.poll(() => problem.evaluate((element) => element === document.activeElement)).toBe(true);
    slow = true;
    await page.getByRole('button', { name: 'Try again' }).click();
    const back = page.getByRole('link', { name: /Conversations/ });
    await back.focus();
    await problem.waitFor({ timeout: 10_000 });
    await page.waitForTimeout(500);
    expect(await back.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('moves no focus after a Back taken while Try again is on its way', async () => {
    // Found by a helper (3 of 3): the search Try again began outlived the navigation and focused
    // the name of the room Back returned to.
    const { page, rooms, first } = await inFirstRoom();
    let slow = false;
    await refuseRooms(page, () => (slow ? 3_000 : 0));
    await rooms.nth(1).click();
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    slow = true;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.goBack();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await first.waitFor();
    await page.waitForTimeout(4_000);
    expect(await first.evaluate((element) => element === document.activeElement)).toBe(false);
  });

  it("leaves focus where the member put it while the room's code was on its way", async () => {
    // Found by a helper: the heading that showed later pulled focus from the link the member had
    // moved to meanwhile.
    const page = await app.newPage();
    await app.signIn(page, 'member1@sandbox.test');
    await page.goto('/matches/mutual');
    const held = await holdRequests(page, /\/assets\/(messages|room-screen)-[\w-]+\.js$/);
    await page
      .getByRole('link', { name: /^Message / })
      .first()
      .click();
    await expect.poll(held.asked).toBe(true);
    const profile = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' });
    await profile.focus();
    held.release();
    await page.getByRole('heading', { level: 2 }).waitFor();
    await page.waitForTimeout(500);
    expect(await profile.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('moves no focus on a back, whatever the room left was still looking for', async () => {
    // Found by a helper: at 1280 px, room B still loading, Back to room A: the search B's
    // navigation started focused A's name 1.3 s after the back.
    const { page, rooms } = await inFirstRoom();
    const held = await holdRequests(page, ROOM_MESSAGES);
    await rooms.nth(1).click();
    await expect.poll(held.asked).toBe(true);
    await page.goBack();
    held.release();
    await page.getByRole('heading', { level: 2 }).waitFor();
    // A back keeps focus where it was (the page's heading the forward navigation gave it).
    await page.waitForTimeout(3_000);
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('H2');
  });

  it('keeps focus on Block while it works, and on Unblock after: a keyboard user keeps their place', async () => {
    // A busy button was disabled, which dropped focus to the page's body.
    const { page } = await openRoom({ width: 375, height: 667 });
    const held = await holdRequests(page, '**/api/chats/v2/chats/blocks');
    let blocks = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/chats/v2/chats/blocks')) blocks += 1;
    });
    const block = page.getByRole('button', { name: 'Block', exact: true });
    await block.focus();
    await page.keyboard.press('Enter');
    await expect.poll(held.asked).toBe(true);
    const focused = () =>
      page.evaluate(() => ({
        text: document.activeElement?.textContent,
        busy: document.activeElement?.getAttribute('aria-busy'),
      }));
    expect(await focused()).toEqual({ text: 'Block', busy: 'true' });
    // Pressed again while it works, it does nothing more.
    await page.keyboard.press('Enter');
    held.release();
    const unblock = page.getByRole('button', { name: 'Unblock', exact: true });
    await unblock.waitFor();
    await expect.poll(() => unblock.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(blocks).toBe(1);
    await unblock.click();
    await block.waitFor();
  });

  it("keeps the page's heading and words on a wide screen", async () => {
    const page = await app.newPage();
    await app.signIn(page, 'member1@sandbox.test');
    await page.goto(roomPath());
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
    // The file input behind it is not a second control for screen readers.
    expect(await page.getByRole('button', { name: 'File to attach' }).count()).toBe(0);
    expect((await boxOf(page.getByText('Attach a file', { exact: true }))).width).toBeGreaterThan(40);
  });
});

describe("the room's header on a phone, whatever the name", () => {
  /** Runs `check` with member2 renamed `first last` (the rooms and the room read the sandbox's user). */
  async function renamed(first: string, last: string, check: () => Promise<void>) {
    const user = sandboxUser(app, 'member2@sandbox.test');
    const saved = { first: user.first_name, last: user.last_name };
    user.first_name = first;
    user.last_name = last;
    try {
      await check();
    } finally {
      user.first_name = saved.first;
      user.last_name = saved.last;
    }
  }

  it('cuts a long name at its end and still says the other member is typing', async () => {
    await renamed('Maximiliana Alexandrina', 'Konstantinopoulou-Wittelsbach', async () => {
      const { page } = await openRoom({ width: 320, height: 480 });
      const name = page.getByRole('heading', { level: 2, name: /Maximiliana/ });
      expect(await name.evaluate((element) => getComputedStyle(element).textOverflow)).toBe('ellipsis');
      const other = await phonePage({ width: 375, height: 667 });
      await app.signIn(other, 'member2@sandbox.test');
      await other.goto(roomPath());
      // member2's chat is connected once member1 sees them online: typing reaches member1 from then.
      await page.locator('.chat__presence').getByText('Online').waitFor();
      // The whole sentence for screen readers; on the screen, "typing…" under the name. Once the
      // name pushed "is typing…" out of view, and the presence dot shrank to nothing.
      const typing = page.getByText('Maximiliana Alexandrina Konstantinopoulou-Wittelsbach is typing…');
      await Promise.all([
        other.getByRole('textbox', { name: 'Message' }).pressSequentially('Hello there', { delay: 50 }),
        typing.waitFor(),
      ]);
      const shown = await typing.evaluate((element) => ({
        fits: element.scrollWidth <= element.clientWidth + 1,
        // The name and "is" take no room on the screen (they are read, not shown).
        nameShown: [...element.children].some((child) => child.getBoundingClientRect().width > 1),
      }));
      expect(shown).toEqual({ fits: true, nameShown: false });
      const dot = await boxOf(page.locator('.chat__presence-dot'));
      expect(dot.width).toBeGreaterThan(5);
    });
  });

  it("shows a name's tall accents whole, and cuts a right-to-left name at its own end", async () => {
    await renamed('Nguyễn Thị', 'Ngọc Ánh Ỗ', async () => {
      const { page } = await openRoom({ width: 375, height: 667 });
      const name = page.getByRole('heading', { level: 2, name: /Nguyễn/ });
      // The highest ink of "Ỗ" (its tilde over its circumflex) against the top of what the name
      // shows (its box clips for the ellipsis): once 4 px of it were cut, and "Ỗ" read "Ô".
      const cut = await name.evaluate((element) => {
        const style = getComputedStyle(element);
        const context = document.createElement('canvas').getContext('2d');
        if (!context) throw new Error('no canvas');
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const glyph = context.measureText('Ỗ');
        const range = document.createRange();
        range.selectNodeContents(element);
        const line = range.getClientRects()[0];
        if (!line) throw new Error('the name has no line');
        const inkTop = line.top + glyph.fontBoundingBoxAscent - glyph.actualBoundingBoxAscent;
        return element.getBoundingClientRect().top - inkTop;
      });
      expect(cut).toBeLessThanOrEqual(0);
    });
    await renamed('عبد الرحمن بن عبد العزيز', 'آل سعود الفيصل بن تركي', async () => {
      const { page } = await openRoom({ width: 375, height: 667 });
      const name = page.getByRole('heading', { level: 2, name: /الرحمن/ });
      // Read right to left, so the ellipsis takes the end of the name, not its beginning.
      expect(await name.evaluate((element) => element.matches(':dir(rtl)'))).toBe(true);
    });
  });

  it('keeps the blocked text box on one line at 320 px', async () => {
    const { page } = await openRoom({ width: 320, height: 480 });
    await page.getByRole('button', { name: 'Block', exact: true }).click();
    try {
      const box = page.getByRole('textbox', { name: 'Message' });
      await expect.poll(() => box.getAttribute('placeholder')).toBe('Messaging is blocked');
      // "Messaging is blocked" wrapped to two lines in the 156 px box, the second cut off.
      expect(await box.evaluate((element) => element.scrollHeight <= element.clientHeight + 1)).toBe(true);
    } finally {
      const unblock = page.getByRole('button', { name: 'Unblock' });
      await unblock.click();
      await page.getByRole('button', { name: 'Block', exact: true }).waitFor();
    }
  });

  it("keeps a long name's screen-reader words inside its row: the list never widens the page", async () => {
    await renamed('Maximiliana Alexandrina', 'Konstantinopoulou-Wittelsbach', async () => {
      // Its ", offline" (read, not shown) stood where the long name ends: the page was 602 px wide
      // at 375 px, and a phone on its side with the list beside the room scrolled 101-261 px.
      const list = await phonePage({ width: 375, height: 667 });
      await app.signIn(list, 'member1@sandbox.test');
      await list.goto('/messages');
      await list.getByRole('link', { name: /Maximiliana/ }).waitFor();
      const wider = await list.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(wider).toBeLessThanOrEqual(0);
      const { page } = await openRoom({ width: 932, height: 430 });
      await page.getByRole('navigation', { name: 'Your conversations' }).getByRole('link').first().waitFor();
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    });
  });

  it("keeps the report dialog's buttons inside it with 24 px text", async () => {
    const { page } = await openRoom({ width: 375, height: 667, text: 24 });
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // Kept on one line, Cancel ran off the dialog's left edge and read "ancel".
    const box = await boxOf(dialog);
    for (const name of ['Cancel', 'Send report']) {
      const button = await boxOf(dialog.getByRole('button', { name, exact: true }));
      expect({
        name: String(name),
        inside: button.x >= box.x && button.x + button.width <= box.x + box.width,
      }).toEqual({
        name: String(name),
        inside: true,
      });
    }
    await page.keyboard.press('Escape');
  });

  it('gives a way back from a room that could not be opened', async () => {
    const page = await phonePage({ width: 375, height: 667 });
    await app.signIn(page, 'member1@sandbox.test');
    await page.goto('/messages/room-that-does-not-exist');
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    // The conversations are hidden while a room is open on a phone, and the page's heading too:
    // once, the app's menu was the only way out.
    await page.getByRole('link', { name: 'Conversations' }).click();
    await page.getByRole('navigation', { name: 'Your conversations' }).getByRole('link').first().waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/messages\/?$/);
  });
});
