/**
 * The page's frame while user info is on its way (issue 24 item 3, "the page shows its layout at
 * once"): a member or admin page opened with the access cookie shows its heading, its static lead
 * and a busy region where its lists go before start-up knows who is signed in; never the page's
 * data, nor any back-office UI, and the guard's decision still holds once user info answers.
 * Each test holds user info's answer (a route on the call) to see what shows meanwhile.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxRoomPath } from '../features/sandbox-world';
import { axeViolations, holdRequests, type PageOptions, startApp, type TestApp } from '../harness/browser';
import { fileHolding } from '../harness/build-chunks';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const USER_INFO = '**/api/usermgmt/v2/accounts/user/info';

/** Holds every user info call until `release()`; `asked` counts the calls held. */
async function holdUserInfo(page: Page): Promise<{ asked: () => number; release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = 0;
  await page.route(USER_INFO, async (route) => {
    asked++;
    await released;
    await route.continue().catch(() => {});
  });
  return { asked: () => asked, release };
}

interface Seen {
  /** Every h1 text the page ever rendered, in order, with the path it rendered on. */
  headings: string[];
  /** Whether back-office UI (its navigation, a form, a table, its toolbar) ever rendered on an /admin path. */
  backOffice: boolean;
  /** Whether a conversation of the member ever rendered. */
  conversations: boolean;
  /** The layout shift score so far (as CLS sums it, without input). */
  shift: number;
}

/**
 * Records, from the document's first script on, what the page renders: a MutationObserver's
 * callback runs before the browser paints, so nothing rendered can slip by between two looks.
 */
async function recordRenders(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: Seen = { headings: [], backOffice: false, conversations: false, shift: 0 };
    (window as unknown as { seen: Seen }).seen = seen;
    const look = () => {
      for (const heading of document.querySelectorAll('h1')) {
        const text = `${heading.textContent ?? ''} @ ${location.pathname}`;
        if (seen.headings.at(-1) !== text) seen.headings.push(text);
      }
      if (
        location.pathname.startsWith('/admin') &&
        document.querySelector('main nav, main form, main table, main .admin-toolbar, main .admin-nav__link')
      )
        seen.backOffice = true;
      if (document.querySelector('main a[href^="/messages/"]')) seen.conversations = true;
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) seen.shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const seenOn = (page: Page) => page.evaluate(() => (window as unknown as { seen: Seen }).seen);

/** A page signed in as `email`, recording what it renders, opening `path` with user info held. */
async function openHeld(email: string, path: string, options: PageOptions = {}) {
  const page = await app.newPage(options);
  await app.signIn(page, email);
  await recordRenders(page);
  const hold = await holdUserInfo(page);
  await page.goto(path);
  return { page, hold };
}

describe("a signed-in page's frame while user info is on its way", () => {
  it('/messages: the heading, its lead and a busy region show before user info answers; the conversations after', async () => {
    const { page, hold } = await openHeld('member1@sandbox.test', '/messages');
    const heading = page.getByRole('heading', { level: 1, name: 'Messages' });
    await heading.waitFor();
    await page.getByText('Conversations with your mutual matches.').waitFor();
    // Still held: the frame showed without the answer, and no conversation (the member's data) shows.
    expect(hold.asked()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('main [aria-busy="true"]').count()).toBe(1);
    expect(await page.locator('main a[href^="/messages/"]').count()).toBe(0);
    expect((await seenOn(page)).conversations).toBe(false);
    // A real h1 and a named busy region, nothing axe objects to.
    expect(await axeViolations(page)).toEqual([]);
    hold.release();
    await page.locator('main a[href^="/messages/"]').first().waitFor();
    expect(await page.locator('main [aria-busy="true"]').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Messages']);
    // The frame and the page put the heading at one place, and nothing below the fold comes up.
    expect((await seenOn(page)).shift).toBeLessThanOrEqual(0.1);
  });

  it("a room on a phone: the frame keeps the room's place below the app's header, and nothing moves when the room comes", async () => {
    const room = sandboxRoomPath(app, 'member1@sandbox.test', 'member2@sandbox.test');
    const { page, hold } = await openHeld('member1@sandbox.test', room, {
      viewport: { width: 375, height: 667 },
      isMobile: true,
      hasTouch: true,
    });
    const busy = page.locator('main [aria-busy="true"]');
    await busy.waitFor();
    expect(hold.asked()).toBeGreaterThan(0);
    // The heading is there for screen readers, as the room's own will be, and takes no room.
    expect(await page.getByRole('heading', { level: 1, name: 'Messages' }).count()).toBe(1);
    const header = await page.getByRole('banner').boundingBox();
    const frame = await busy.boundingBox();
    expect((frame?.y ?? 0) - ((header?.y ?? 0) + (header?.height ?? 0))).toBeLessThanOrEqual(16);
    expect(await axeViolations(page)).toEqual([]);
    hold.release();
    const history = page.getByRole('region', { name: /Messages with/ });
    await history.locator('[data-message-row]').first().waitFor();
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Messages']);
    // The room stands where the frame's busy region stood: the frame showing the heading (or the
    // room not) would move the room 140 px when it came.
    expect((await seenOn(page)).shift).toBeLessThanOrEqual(0.01);
  });

  it('/matches and /admin/users: their headings show while user info is held', async () => {
    for (const [email, path, title] of [
      ['member1@sandbox.test', '/matches', 'Matches'],
      ['admin@sandbox.test', '/admin/users', 'Users'],
    ] as const) {
      const { page, hold } = await openHeld(email, path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(hold.asked()).toBeGreaterThan(0);
      expect(await page.locator('main [aria-busy="true"]').count()).toBe(1);
      hold.release();
      await page.locator('main [aria-busy="true"]').waitFor({ state: 'detached' });
      expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual([title]);
    }
  });

  it('a visitor without the access cookie is sent to log in at once: no page heading ever renders', async () => {
    const page = await app.newPage();
    await recordRenders(page);
    for (const path of ['/messages', '/admin/users']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/account/login');
      await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
      expect((await seenOn(page)).headings).toEqual(['Log in @ /account/login']);
    }
  });

  it("a member who opens /admin/users sees no back-office UI and ends on the guard's refusal", async () => {
    const { page, hold } = await openHeld('member1@sandbox.test', '/admin/users');
    await expect.poll(hold.asked).toBeGreaterThan(0);
    hold.release();
    // The guard sends a non-admin to log in, and the login page sends a signed-in member home.
    await page.waitForURL((url) => url.pathname === '/matches');
    await page.getByRole('heading', { level: 1, name: 'Matches' }).waitFor();
    expect((await seenOn(page)).backOffice).toBe(false);
    expect(await page.getByRole('link', { name: 'Back office' }).count()).toBe(0);
  });

  it('an invalid session shows at most the frame, then ends at login', async () => {
    const page = await app.newPage();
    await page.context().addCookies([
      { name: 'access_token', value: 'not-a-token', url: app.url },
      { name: 'refresh_token', value: 'not-a-token-either', url: app.url },
    ]);
    await recordRenders(page);
    await page.goto('/messages');
    await page.waitForURL((url) => url.pathname === '/account/login');
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    const seen = await seenOn(page);
    expect(seen.conversations).toBe(false);
    expect(
      seen.headings.every((text) => /^(Messages @ \/messages|Log in @ \/account\/login)$/.test(text)),
    ).toBe(true);
    expect(seen.shift).toBeLessThanOrEqual(0.1);
  });
});

describe("an account page's frame while its chunks are on their way", () => {
  const areaChunk = fileHolding(/^src\/features\/account\/index\.tsx$/);
  const registerChunk = fileHolding(/^src\/features\/account\/register-screen\.tsx$/);

  for (const { path, title, lead, held, field } of [
    {
      path: '/account/register',
      title: 'Create your account',
      lead: 'Join a community of people of faith looking for marriage. It is free.',
      held: registerChunk,
      field: 'First name',
    },
    {
      path: '/account/login',
      title: 'Log in',
      lead: 'Welcome back. Log in to see your matches and messages.',
      held: areaChunk,
      field: 'Email',
    },
  ])
    it(`${path}: a visitor sees its heading and lead before its form's chunk is here, and they stay put`, async () => {
      const page = await app.newPage({ width: 375 });
      await recordRenders(page);
      const hold = await holdRequests(page, `**${held}`);
      await page.goto(path);
      const heading = page.getByRole('heading', { level: 1, name: title });
      await heading.waitFor();
      await page.getByText(lead).waitFor();
      await expect.poll(hold.asked).toBe(true);
      expect(await page.getByLabel(field).count()).toBe(0);
      expect(await page.locator('main [aria-busy="true"]').count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      const before = await Promise.all([heading.boundingBox(), page.getByText(lead).boundingBox()]);
      hold.release();
      await page.getByLabel(field).waitFor();
      expect(await page.locator('main [aria-busy="true"]').count()).toBe(0);
      expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual([title]);
      // The screen puts its heading and lead where the frame had them.
      expect(await Promise.all([heading.boundingBox(), page.getByText(lead).boundingBox()])).toEqual(before);
      expect((await seenOn(page)).shift).toBe(0);
    });

  it("a page navigated back to the address it was loaded on shows no frame: focus goes to the screen's heading, not one that leaves", async () => {
    const forgotChunk = fileHolding(/^src\/features\/account\/forgot-password-page\.tsx$/);
    const page = await app.newPage({ width: 1280 });
    const hold = await holdRequests(page, `**${forgotChunk}`);
    await page.goto('/account/forgot-password');
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    await page.getByRole('link', { name: 'Log in' }).first().click();
    await page.getByLabel('Email').waitFor();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL((url) => url.pathname === '/account/forgot-password');
    // Back on the address the page was loaded on, its chunk still held: a spinner, as after any
    // navigation, so focus does not land on a frame's heading that the screen then replaces.
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
    hold.release();
    await page.getByLabel('Email').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? document.activeElement?.tagName))
      .toBe('Forgot your password?');
  });
});
