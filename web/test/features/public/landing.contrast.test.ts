import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshots, startApp, type TestApp } from '../../harness/browser';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

/** WCAG relative luminance contrast of two `rgb(...)` colours, computed in the page. */
async function heroButtonContrast(page: import('playwright-core').Page, name: string) {
  return page
    .getByRole('link', { name })
    .first()
    .evaluate((link) => {
      const channels = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const luminance = (rgb: number[]) => {
        const [r, g, b] = rgb.map((v) => {
          const c = v / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
      };
      const ratio = (a: number[], b: number[]) => {
        const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
        return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
      };
      const style = getComputedStyle(link);
      const text = channels(style.color);
      const fill = channels(style.backgroundColor);
      // The hero's darkest gradient stop: what the button sits on.
      const hero = channels('rgb(35, 55, 92)');
      return {
        text: ratio(text, fill),
        againstHero: ratio(fill, hero),
        color: style.color,
        bg: style.backgroundColor,
      };
    });
}

describe('the landing hero', () => {
  it("'Create your free profile' reads clearly and stands out from the dark hero at 1280 px", async () => {
    const page = await app.newPage({ width: 1280 });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const contrast = await heroButtonContrast(page, 'Create your free profile');
    // Text on the button: WCAG AA for normal text; the button against the hero: 3:1 (non-text, 1.4.11).
    expect(contrast.text, JSON.stringify(contrast)).toBeGreaterThanOrEqual(4.5);
    expect(contrast.againstHero, JSON.stringify(contrast)).toBeGreaterThanOrEqual(3);
    await screenshots(page, 'landing-hero');
    await page.getByRole('link', { name: 'Create your free profile' }).first().hover();
    const hovered = await heroButtonContrast(page, 'Create your free profile');
    expect(hovered.text, JSON.stringify(hovered)).toBeGreaterThanOrEqual(4.5);
    expect(hovered.againstHero, JSON.stringify(hovered)).toBeGreaterThanOrEqual(3);
  });

  it('keyboard focus on the hero buttons stays visible against the dark background', async () => {
    const page = await app.newPage({ width: 1280 });
    await page.goto('/');
    const link = page.getByRole('link', { name: 'Create your free profile' }).first();
    await link.waitFor();
    await link.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const outline = await link.evaluate((el) => {
      const style = getComputedStyle(el);
      return { color: style.outlineColor, width: style.outlineWidth, style: style.outlineStyle };
    });
    expect(outline.style).toBe('solid');
    expect(outline.color).toBe('rgb(255, 255, 255)');
  });
});
