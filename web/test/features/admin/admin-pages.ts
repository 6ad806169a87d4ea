/** Helpers shared by the back-office browser tests. */
import type { Page } from 'playwright-core';
import { screenshots, type TestApp } from '../../harness/browser';

/**
 * A fresh context signed in as the seeded admin (admins never get the location modal), with
 * cookies: the page has loaded nothing yet, so the test's first `goto` is the admin's first load.
 */
export async function adminPage(app: TestApp): Promise<Page> {
  const page = await app.newPage({ location: false });
  await app.signIn(page, 'admin@sandbox.test');
  return page;
}

/**
 * Screenshots from the top of the page: a full-page capture of a scrolled page draws the sticky
 * header in the middle of it.
 */
export async function screens(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, name);
}
