/**
 * What stays in view as the page scrolls clears the sticky header, however tall it is: the
 * profile's completion panel and the back office's sections (sticky beside the page on a wide
 * window), and a fragment's target. They were placed 16 px from the top of the view and under the
 * header (its 61 px at the usual text size, 175 px where the member's links take two rows at
 * 1280 px with 24 px text), and `scroll-padding-top` was a fixed 5rem.
 * And the back office's section links keep their focus ring whole in their scrolling row.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp, WAIT_TEXT } from '../harness/browser';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

/** A window of `width` x `height` with the reader's text at `text` px, signed in as `who`. */
async function openWindow(who: string, width: number, height: number, text: number): Promise<Page> {
  const page = await app.newPage({ viewport: { width, height } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: text, fixed: text } });
  await app.signIn(page, who);
  return page;
}

/** Where `selector` and the header are in the view after the page is scrolled by `by` pixels. */
async function afterScrolling(page: Page, selector: string, by: number) {
  await page.mouse.move(900, 300);
  await page.mouse.wheel(0, by);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(by / 2);
  return page.evaluate((selector) => {
    const panel = document.querySelector(selector);
    const header = document.querySelector('.site-header');
    if (!panel || !header) throw new Error(`no ${panel ? 'header' : selector} on the page`);
    const box = panel.getBoundingClientRect();
    return {
      headerBottom: header.getBoundingClientRect().bottom,
      top: box.top,
      bottom: box.bottom,
      view: window.innerHeight,
      scrolls: panel.scrollHeight > panel.clientHeight,
    };
  }, selector);
}

/** Where the focus ring around `link` (3 px, 2 px apart: base.css) is cut by a scroller it is in. */
function clippedRing(link: Element): string[] {
  const ring = 5;
  const box = link.getBoundingClientRect();
  const out: string[] = [];
  for (let up = link.parentElement; up; up = up.parentElement) {
    if (getComputedStyle(up).overflow === 'visible') continue;
    const clip = up.getBoundingClientRect();
    const left = clip.left + up.clientLeft;
    const top = clip.top + up.clientTop;
    if (
      box.left - ring < left - 0.5 ||
      box.top - ring < top - 0.5 ||
      box.right + ring > left + up.clientWidth + 0.5 ||
      box.bottom + ring > top + up.clientHeight + 0.5
    )
      out.push(`${link.textContent} by ${up.tagName.toLowerCase()}.${up.className}`);
  }
  return out;
}

describe('the sticky header', () => {
  it('closes the menu when Tab leaves it: the field reached shows below the header', async () => {
    // A helper's find: the menu stayed open as Tab went on into the page, and the sticky header
    // with its menu held 608 of 667 px; each field reached was cut at the bottom of the view.
    const page = await openWindow('member1@sandbox.test', 375, 667, 24);
    await page.goto('/preferences');
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
    const logOut = page.getByRole('banner').getByRole('button', { name: 'Log out' });
    await logOut.focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    const seen = await page.evaluate(() => {
      const focused = document.activeElement;
      const header = document.querySelector('.site-header');
      if (!focused || !header) throw new Error('nothing focused');
      const box = focused.getBoundingClientRect();
      return {
        inHeader: header.contains(focused),
        top: box.top,
        bottom: box.bottom,
        headerBottom: header.getBoundingClientRect().bottom,
        view: window.innerHeight,
      };
    });
    expect(seen.inHeader).toBe(false);
    expect(seen.top, JSON.stringify(seen)).toBeGreaterThanOrEqual(seen.headerBottom);
    expect(seen.bottom, JSON.stringify(seen)).toBeLessThanOrEqual(seen.view);
    // Tab within the menu leaves it open.
    await menu.click();
    await menu.focus();
    await page.keyboard.press('Tab');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
  });

  it.each([16, 24])(
    'lands on a fragment named in the address the page is opened with (%i px text)',
    async (text) => {
      // A helper's find: opening (or reloading) /preferences#email showed the page's top, focus on
      // the body, the form 1,451 px below: the browser looked for #email before the app drew it.
      const page = await openWindow('member2@sandbox.test', 1280, 700, text);
      await page.goto('/preferences#email');
      const form = page.getByRole('form', { name: 'Email address' });
      await expect
        .poll(() => form.evaluate((element) => element === document.activeElement), WAIT_TEXT)
        .toBe(true);
      const headerBottom = await page
        .locator('.site-header')
        .evaluate((h) => h.getBoundingClientRect().bottom);
      const formTop = await form.evaluate((element) => element.getBoundingClientRect().top);
      expect(formTop).toBeGreaterThanOrEqual(headerBottom);
      expect(formTop).toBeLessThan(700 / 2);
    },
  );

  it.each([16, 24])("leaves the profile's completion panel whole below it (%i px text)", async (text) => {
    const page = await openWindow('member1@sandbox.test', 1280, 700, text);
    await page.goto('/profile');
    await page.getByRole('heading', { name: /Your profile is \d+% complete/ }).waitFor();
    const seen = await afterScrolling(page, '.completion', 600);
    expect(seen.top, JSON.stringify(seen)).toBeGreaterThanOrEqual(seen.headerBottom);
    expect(seen.bottom, JSON.stringify(seen)).toBeLessThanOrEqual(seen.view);
  });

  it("leaves the back office's sections below it", async () => {
    const page = await openWindow('admin@sandbox.test', 1280, 700, 16);
    await page.goto('/admin/users');
    await page.getByRole('navigation', { name: 'Back office' }).waitFor();
    const seen = await afterScrolling(page, '.admin-nav', 300);
    expect(seen.top, JSON.stringify(seen)).toBeGreaterThanOrEqual(seen.headerBottom);
  });

  it("shows a missing field's chip whole with its focus ring on a short window, its panel scrolling", async () => {
    // A helper's find: on a short window the panel scrolls on its own, and a chip Tab reached at
    // its visible bottom edge was whole, so not scrolled to, but its ring was cut by the edge.
    const page = await openWindow('new@sandbox.test', 1024, 450, 16);
    await page.goto('/profile');
    const chips = page.getByTestId('profile-missing').getByRole('button');
    await chips.first().waitFor();
    await page.mouse.move(600, 300);
    await page.mouse.wheel(0, 400);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await chips.first().focus();
    const count = await chips.count();
    expect(count).toBeGreaterThan(5);
    for (let index = 0; index < count; index++) {
      if (index > 0) await page.keyboard.press('Tab');
      await expect.poll(() => chips.nth(index).evaluate(clippedRing)).toEqual([]);
    }
  });

  it('keeps the sections within a short window: they scroll on their own, the last in reach', async () => {
    // 1440 px with 24 px text is 60em, where the sections stand beside the page; 500 px leaves
    // them less than their height below the header.
    const page = await openWindow('admin@sandbox.test', 1440, 500, 24);
    await page.goto('/admin/users');
    const sections = page.getByRole('navigation', { name: 'Back office' });
    await sections.waitFor();
    const seen = await afterScrolling(page, '.admin-nav', 200);
    expect(seen, JSON.stringify(seen)).toMatchObject({ scrolls: true });
    expect(seen.top).toBeGreaterThanOrEqual(seen.headerBottom);
    expect(seen.bottom).toBeLessThanOrEqual(seen.view);
    const last = sections.getByRole('link').last();
    await last.focus();
    const box = await last.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(seen.view);
  });

  it("lands a fragment's target below it where the member's links take two rows", async () => {
    const page = await openWindow('member2@sandbox.test', 1280, 700, 24);
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Change email' }).click();
    const form = page.getByRole('form', { name: 'Email address' });
    await expect
      .poll(() => form.evaluate((element) => element === document.activeElement), WAIT_TEXT)
      .toBe(true);
    const headerBottom = await page.locator('.site-header').evaluate((h) => h.getBoundingClientRect().bottom);
    expect(headerBottom).toBeGreaterThan(150);
    const formTop = await form.evaluate((element) => element.getBoundingClientRect().top);
    expect(formTop).toBeGreaterThanOrEqual(headerBottom);
  });
});

describe("the back office's sections", () => {
  it.each([1280, 375])("keeps a section link's focus ring whole at %i px", async (width) => {
    // The sections' list scrolls sideways below 60rem, which clipped a ring's top and bottom there
    // (and Tab left Features and Referrals half outside the row), and kept doing so on a wide
    // window, where its top and sides went; scrolling on their own below the header must not clip
    // it either. Each link is checked as Tab reaches it.
    const page = await openWindow('admin@sandbox.test', width, 700, 16);
    await page.goto('/admin/users');
    const links = page.getByRole('navigation', { name: 'Back office' }).getByRole('link');
    await links.first().waitFor();
    await links.first().focus();
    for (let index = 0; index < (await links.count()); index++) {
      if (index > 0) await page.keyboard.press('Tab');
      // Once the row has scrolled the link in (smoothly, where it scrolls).
      await expect.poll(() => links.nth(index).evaluate(clippedRing)).toEqual([]);
    }
  });

  it('opens a section whose link a mouse presses half outside the row', async () => {
    // A helper's find (4 of 4): the press focused the link, the row moved it whole into view from
    // under the pointer, and the release landed elsewhere: no click, the page stayed on Users.
    const page = await app.newPage({ viewport: { width: 375, height: 700 } });
    await app.signIn(page, 'admin@sandbox.test');
    await page.goto('/admin/users');
    const sections = page.getByRole('navigation', { name: 'Back office' });
    const features = sections.getByRole('link', { name: 'Features' });
    await features.waitFor();
    const rowRight = await sections.getByRole('list').evaluate((list) => list.getBoundingClientRect().right);
    const box = await features.boundingBox();
    if (!box) throw new Error('no Features link');
    expect(box.x + box.width, 'Features is half outside the row').toBeGreaterThan(rowRight);
    await page.mouse.click(rowRight - 4, box.y + box.height / 2);
    await page.waitForURL((url) => url.pathname === '/admin/features');
  });
});
