/** Logging in for the Lighthouse benchmark (the pages are test/harness/audited-pages.ts). */
import { DEMO_PASSWORD } from '@matchmaker/sandbox';
import type { Page } from 'puppeteer-core';

/**
 * Logs in through the app's own form in `page`, so the session cookies are the app's; Lighthouse
 * keeps cookies between its runs (it clears only the cache and service-worker storage).
 */
export async function logInThrough(page: Page, origin: string, email: string): Promise<void> {
  await page.goto(`${origin}/account/login`, { waitUntil: 'networkidle0' });
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForFunction(() => !location.pathname.startsWith('/account/login'), { timeout: 30_000 });
}
