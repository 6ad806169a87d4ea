/**
 * The back office's section links on a phone: one row that scrolls sideways (WCAG 1.4.10 allows a
 * row of controls to), so it shows that there is more where there is (a shadow at that edge) and
 * always shows where the admin is (the current section's link is scrolled into the row's view).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../harness/browser';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

async function adminPhone(path: string): Promise<Page> {
  const page = await app.newPage({
    location: false,
    viewport: { width: 375, height: 700 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 1,
  });
  await app.signIn(page, 'admin@sandbox.test');
  await page.goto(path);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link').first().waitFor();
  return page;
}

const row = (page: Page) => page.getByRole('navigation', { name: 'Back office' }).getByRole('list');

/** The row's box on the screen, and how far it is scrolled of how far it can be. */
function scrollOf(page: Page) {
  return row(page).evaluate((list) => ({
    left: list.scrollLeft,
    max: list.scrollWidth - list.clientWidth,
    box: list.getBoundingClientRect().toJSON() as { x: number; y: number; width: number; height: number },
  }));
}

/**
 * How much darker the row's first and last 4 px are than the page's background, in the row's
 * gaps between links (its top 2 px, above the links' text): a shadow there says more is that way.
 */
async function edgeShade(page: Page): Promise<{ start: number; end: number }> {
  const { box } = await scrollOf(page);
  const shot = await page.screenshot({ clip: { x: box.x, y: box.y, width: box.width, height: 2 } });
  // Read in a blank page of its own: the app's policy allows no data: fetch.
  const blank = await page.context().newPage();
  const { start, end } = await blank.evaluate(
    async ({ png, width }) => {
      const image = await createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob());
      const canvas = new OffscreenCanvas(image.width, image.height);
      const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
      context.drawImage(image, 0, 0);
      const light = (x: number) => {
        const [r = 0, g = 0, b = 0] = context.getImageData(x, 0, 1, 1).data;
        return r + g + b;
      };
      const mean = (xs: number[]) => xs.reduce((sum, x) => sum + light(x), 0) / xs.length;
      const page = mean([Math.floor(width / 2)]);
      return {
        start: page - mean([0, 1, 2, 3]),
        end: page - mean([width - 4, width - 3, width - 2, width - 1]),
      };
    },
    { png: shot.toString('base64'), width: Math.round(box.width) },
  );
  await blank.close();
  return { start, end };
}

describe('back office nav on a phone', () => {
  it('scrolls the current section into view: Referrals, last in the row', async () => {
    const page = await adminPhone('/admin/referrals');
    const current = page.getByRole('link', { name: 'Referrals' });
    expect(await current.getAttribute('aria-current')).toBe('page');
    const { box } = await scrollOf(page);
    const link = await current.boundingBox();
    expect(link?.x).toBeGreaterThanOrEqual(box.x);
    expect((link?.x ?? 0) + (link?.width ?? 0)).toBeLessThanOrEqual(box.x + box.width + 0.5);
    // The page itself did not scroll to get there.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('keeps the current link in view when the phone turns', async () => {
    // Found by a helper (3 of 3): on its side the row showed every link; turned upright, Referrals
    // was 220 px past the row's end, the row scrolled to its start.
    const page = await adminPhone('/admin/referrals');
    await page.setViewportSize({ width: 740, height: 360 });
    await page.setViewportSize({ width: 360, height: 740 });
    const current = page.getByRole('link', { name: 'Referrals' });
    await expect
      .poll(async () => {
        const { box } = await scrollOf(page);
        const link = await current.boundingBox();
        return (link?.x ?? 0) + (link?.width ?? 0) <= box.x + box.width + 0.5 && (link?.x ?? 0) >= box.x;
      })
      .toBe(true);
  });

  it("leaves the row where the admin scrolled it when the window's width changes", async () => {
    // Found by a helper (3 of 3): scrolled by hand to the row's end, the row sprang back to the
    // current link when the window grew by 2 px (a scrollbar showing does as much).
    const page = await adminPhone('/admin/users');
    const { box } = await scrollOf(page);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(1_000, 0);
    await expect.poll(async () => (await scrollOf(page)).left).toBeGreaterThan(100);
    const before = await scrollOf(page);
    await page.setViewportSize({ width: 377, height: 700 });
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const after = await scrollOf(page);
    expect(after.left).toBeGreaterThanOrEqual(Math.min(before.left, after.max) - 1);
  });

  it('shows the whole of a link chosen in a row barely wider than it, at 24 px text', async () => {
    // Found by a helper (3 of 3): at 320 px with 24 px text the row is 272 px and "Flagged images"
    // 227: keeping 48 px clear of each edge put it 3 px outside the row, under the edge's shade.
    const page = await app.newPage({
      location: false,
      viewport: { width: 320, height: 568 },
      isMobile: true,
      hasTouch: true,
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 24, fixed: 24 } });
    await app.signIn(page, 'admin@sandbox.test');
    await page.goto('/admin/kyc');
    const link = page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Flagged images' });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Flagged images' }).waitFor();
    const { box } = await scrollOf(page);
    const shown = await link.boundingBox();
    expect(shown?.x).toBeGreaterThanOrEqual(box.x);
    expect((shown?.x ?? 0) + (shown?.width ?? 0)).toBeLessThanOrEqual(box.x + box.width + 0.5);
  });

  it('shows a shadow at the edge where more links are, and none where the row ends', async () => {
    // KYC, second in the row: in view as it stands, and no current link's colour at either edge.
    const page = await adminPhone('/admin/kyc');
    const { left, max } = await scrollOf(page);
    expect(max).toBeGreaterThan(0);
    expect(left).toBe(0);
    const atStart = await edgeShade(page);
    expect(atStart.end).toBeGreaterThan(15);
    expect(atStart.start).toBeLessThan(3);
    await row(page).evaluate((list) => {
      list.scrollLeft = list.scrollWidth;
    });
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const atEnd = await edgeShade(page);
    expect(atEnd.start).toBeGreaterThan(15);
    expect(atEnd.end).toBeLessThan(3);
  });
});
