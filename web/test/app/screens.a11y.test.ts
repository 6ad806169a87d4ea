import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  headingLevelSkips,
  logIn,
  screenshots,
  startApp,
  type TestApp,
  WAIT_TEXT,
} from '../harness/browser';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

/** The metadata the page carries. */
async function meta(page: import('playwright-core').Page) {
  return page.evaluate(() => ({
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
    ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? null,
    twitterCard: document.querySelector('meta[name="twitter:card"]')?.getAttribute('content') ?? null,
  }));
}

describe('public and account screens: accessibility, metadata, screenshots', () => {
  it('the landing page presents the service, with the default metadata', async () => {
    const page = await app.newPage();
    await page.goto('/');
    for (const heading of ['How it works', 'Five faiths, one respectful place', 'Privacy and verification']) {
      await page.getByRole('heading', { level: 2, name: heading }).waitFor();
    }
    const tags = await meta(page);
    expect(tags.title).toMatch(/Traditional Matchmaking for People of Faith/);
    expect(tags.description).toBeTruthy();
    expect(tags.ogTitle).toBe(tags.title);
    expect(tags.twitterCard).toBe('summary_large_image');
    await screenshots(page, 'landing');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('each of the five religion pages sets its own title and description', async () => {
    const page = await app.newPage();
    const titles = new Set<string>();
    for (const faith of ['christian', 'muslim', 'hindu', 'jew', 'mormon']) {
      await page.goto(`/faith/${faith}/marriage/singles`);
      await page.getByRole('heading', { level: 1, name: /marriage and matchmaking/ }).waitFor();
      const tags = await meta(page);
      expect(tags.title).not.toMatch(/Traditional Matchmaking for People of Faith/);
      expect(tags.ogTitle).toBe(tags.title);
      titles.add(tags.title);
    }
    expect(titles.size).toBe(5);
    await screenshots(page, 'religion-mormon');
    expect(await axeViolations(page)).toEqual([]);
    // Back to a default page: the defaults return.
    await page.getByRole('link', { name: 'Matchmaker home' }).click();
    await page.waitForFunction(() => document.title.includes('Traditional Matchmaking'));
  });

  it('the login page: labelled fields with autocomplete, errors tied to fields, wrong password', async () => {
    const page = await app.newPage();
    await page.goto('/account/login');
    const email = page.getByLabel('Email');
    await expect(email.getAttribute('autocomplete')).resolves.toBe('email');
    await expect(page.getByLabel('Password').getAttribute('autocomplete')).resolves.toBe('current-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(email.getAttribute('aria-invalid')).resolves.toBe('true');
    const describedBy = await email.getAttribute('aria-describedby');
    await expect
      .poll(() => page.locator(`[id="${describedBy}"]`).textContent(), WAIT_TEXT)
      .toMatch(/email address/);
    await screenshots(page, 'login-errors');
    expect(await axeViolations(page)).toEqual([]);

    await email.fill('member1@sandbox.test');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('The email or password is not correct.').waitFor();
    await screenshots(page, 'login');

    // The suspension flag in a link shows the message on its own.
    const fresh = await app.newPage();
    await fresh.goto('/account/login?userSuspended=true');
    await expect.poll(() => fresh.getByTestId('login-notice').textContent(), WAIT_TEXT).toMatch(/suspended/);
  });

  it('member screens pass axe with the header, badge slot and menu', async () => {
    const page = await app.newPage({ width: 375 });
    await logIn(page, 'member1@sandbox.test');
    await page.getByRole('heading', { level: 1, name: 'Matches' }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).waitFor();
    await screenshots(page, 'member-menu');
    expect(await axeViolations(page)).toEqual([]);
  });

  it("the app's header never widens the page with larger text: the menu where its links do not fit, wrapping links wider", async () => {
    for (const width of [768, 1280]) {
      const page = await app.newPage({ viewport: { width, height: 900 } });
      // A reader's larger text (the browser's setting, 150%): at 768 px the links once overflowed
      // the page sideways by 335 px.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Page.setFontSizes', { fontSizes: { standard: 24, fixed: 24 } });
      await app.signIn(page, 'member1@sandbox.test');
      await page.goto('/matches');
      await page.getByRole('heading', { level: 1, name: 'Matches' }).waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect({ width, overflows: overflow > 0 }).toEqual({ width, overflows: false });
      // Every link of the navigation is reachable: behind the menu at 768 px, in view at 1280.
      const nav = page.getByRole('navigation', { name: 'Main' });
      if (width === 768) await page.getByRole('button', { name: 'Menu' }).click();
      await nav.getByRole('link', { name: 'Plans' }).waitFor();
      const plans = await nav.getByRole('link', { name: 'Plans' }).boundingBox();
      expect((plans?.x ?? 0) + (plans?.width ?? 0)).toBeLessThanOrEqual(width);
    }
    // At 768 px with the usual text, "Log out" stays one line (it broke into two, 54 px tall).
    const page = await app.newPage({ viewport: { width: 768, height: 900 } });
    await app.signIn(page, 'member1@sandbox.test');
    await page.goto('/matches');
    const logOut = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log out' });
    expect((await logOut.boundingBox())?.height).toBeLessThanOrEqual(48);
  });

  it('member screens reflow on a phone with 24 px text: nothing wider than the view', async () => {
    // /preferences laid out 530 px wide (a fieldset's minimum is its widest line) and /matches
    // 385 px (its cards' 15rem minimum is 360 px with 24 px text).
    const page = await app.newPage({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 24, fixed: 24 } });
    await app.signIn(page, 'member1@sandbox.test');
    for (const [path, title, ready] of [
      ['/matches', 'Matches', 'Recommendations'],
      ['/preferences', 'Preferences and settings', 'Unread messages'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByText(ready).first().waitFor();
      const wider = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect({ path, wider: wider > 0 }).toEqual({ path, wider: false });
    }
  });

  it("reaches the open menu's last links on a phone on its side, however far the page is scrolled", async () => {
    // The header is sticky: once its open menu ran below a 320 px tall view, Plans and Log out
    // out of reach at every scroll position.
    const page = await app.newPage({ viewport: { width: 568, height: 320 }, isMobile: true, hasTouch: true });
    await app.signIn(page, 'member1@sandbox.test');
    await page.goto('/matches');
    await page.getByRole('heading', { level: 1, name: 'Matches' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.getByRole('button', { name: 'Menu' }).click();
    const logOut = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log out' });
    await logOut.scrollIntoViewIfNeeded();
    const box = await logOut.boundingBox();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(320);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('headings go down one level at a time (Lighthouse heading-order) on the audited screens', async () => {
    const visitor = await app.newPage();
    for (const path of ['/', '/account/login', '/account/register']) {
      await visitor.goto(path);
      await visitor.getByRole('heading', { level: 1 }).waitFor();
      expect(await headingLevelSkips(visitor), path).toEqual([]);
    }
    const member = await app.newPage();
    await app.signIn(member, 'member1@sandbox.test');
    await member.goto('/matches');
    await member.getByRole('list', { name: 'Recommendations' }).getByRole('listitem').first().waitFor();
    expect(await headingLevelSkips(member), '/matches').toEqual([]);
    for (const path of ['/matches/requests', '/matches/mutual', '/messages', '/notifications']) {
      await member.goto(path);
      await member.getByRole('heading', { level: 1 }).waitFor();
      await member.waitForLoadState('networkidle');
      expect(await headingLevelSkips(member), path).toEqual([]);
    }
    const admin = await app.newPage();
    await app.signIn(admin, 'admin@sandbox.test');
    await admin.goto('/admin/users');
    await admin.getByRole('heading', { level: 1 }).waitFor();
    await admin.waitForLoadState('networkidle');
    expect(await headingLevelSkips(admin), '/admin/users').toEqual([]);
  });
});
