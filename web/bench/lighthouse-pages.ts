/**
 * What the Lighthouse benchmark audits (issue 24): the anonymous pages, the member pages of
 * member1 (matches, messages, the 5,000-message room with member2) and the admin's user list.
 */
import type { startSandbox } from '@matchmaker/sandbox';
import { DEMO_PASSWORD } from '@matchmaker/sandbox';
import type { Page } from 'puppeteer-core';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

export interface AuditedPage {
  /** As printed, and as `--pages` names it. */
  readonly name: string;
  readonly path: string;
  /** The demo account logged in first; none for an anonymous page. */
  readonly account: string | null;
  /** Public pages are for search engines; member and admin pages are kept out on purpose. */
  readonly public: boolean;
}

const MEMBER = 'member1@sandbox.test';

/** The pages, with the chat room's id read from the sandbox's seeded world. */
export function auditedPages(sandbox: Sandbox): AuditedPage[] {
  const store = sandbox.world.store;
  const one = store.userByEmail(MEMBER);
  const two = store.userByEmail('member2@sandbox.test');
  const room = one && two ? store.roomBetween(one.keycloakId, two.keycloakId) : undefined;
  if (!room) throw new Error('lighthouse: the sandbox has no member1/member2 room');
  return [
    { name: '/', path: '/', account: null, public: true },
    { name: '/account/login', path: '/account/login', account: null, public: true },
    { name: '/account/register', path: '/account/register', account: null, public: true },
    { name: '/matches', path: '/matches', account: MEMBER, public: false },
    { name: '/messages', path: '/messages', account: MEMBER, public: false },
    { name: 'chat room (5,000)', path: `/messages/${room.id}`, account: MEMBER, public: false },
    { name: '/admin/users', path: '/admin/users', account: 'admin@sandbox.test', public: false },
  ];
}

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
