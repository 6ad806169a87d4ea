/**
 * A suspension met in one tab ends the session in every tab of the browser, each with the
 * suspension's notice. Tokens live as long as the sandbox's default (15 minutes), so only the
 * calls each test makes meet the suspension: nothing refreshes or reloads behind its back.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, startApp, type TestApp, WAIT_TEXT } from '../harness/browser';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

/**
 * Holds back the messages this tab's BroadcastChannels receive until `releaseSessionMessages()`
 * runs in the page: the tab then hears of the other tab's logout only after its own calls.
 */
function holdChannelMessages(): void {
  const held: (() => void)[] = [];
  let holding = true;
  const add = BroadcastChannel.prototype.addEventListener;
  BroadcastChannel.prototype.addEventListener = function (
    this: BroadcastChannel,
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ) {
    if (listener === null) return;
    if (type !== 'message') return add.call(this, type, listener, options);
    const deliver = (event: Event) =>
      typeof listener === 'function' ? listener.call(this, event) : listener.handleEvent(event);
    return add.call(
      this,
      type,
      (event: Event) => {
        if (holding) held.push(() => deliver(event));
        else deliver(event);
      },
      options,
    );
  } as typeof BroadcastChannel.prototype.addEventListener;
  Object.assign(window, {
    releaseSessionMessages: () => {
      holding = false;
      for (const deliver of held.splice(0)) deliver();
    },
    heldSessionMessages: () => held.length,
  });
}

/**
 * Chromium hands each tab its copy of the cookies a moment after another tab changed them, and a
 * BroadcastChannel message can arrive first. This makes that moment long and certain: when a
 * message arrives, `document.cookie` reads as it last did for 150 ms more.
 */
function lateCookieUpdates(): void {
  const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  if (!cookie?.get || !cookie.set) throw new Error('document.cookie has no accessor');
  const read = cookie.get;
  let last = '';
  let frozen: string | null = null;
  Object.defineProperty(Document.prototype, 'cookie', {
    configurable: true,
    get(this: Document) {
      if (frozen !== null) return frozen;
      last = read.call(this);
      return last;
    },
    set: cookie.set,
  });
  // A channel of the app's name, made before the app's: the same message reaches it first.
  new BroadcastChannel('matchmaker.session').addEventListener('message', () => {
    frozen = last;
    setTimeout(() => {
      frozen = null;
    }, 150);
  });
}

/**
 * One call in `page` without a reload: the in-app link loads the preferences. Not awaited: on a
 * loaded machine one of the page's own later start-up calls (its alerts count, its device) can
 * meet the suspension or the missing session first and replace the page, and the link is gone.
 * What the page then shows is what the tests check.
 */
function callFrom(page: Page): void {
  void page
    .getByRole('link', { name: 'Preferences' })
    .first()
    .click()
    .catch(() => {});
}

/** One call in `page`, and the suspension's notice it brings. */
async function meetSuspension(page: Page): Promise<void> {
  callFrom(page);
  await suspendedNotice(page);
}

async function suspendedNotice(page: Page): Promise<void> {
  await page.waitForURL(
    (url) => url.pathname === '/account/login' && url.searchParams.get('userSuspended') === 'true',
    WAIT_TEXT,
  );
  await expect.poll(() => page.getByTestId('login-notice').textContent(), WAIT_TEXT).toMatch(/suspended/);
  expect(await page.getByRole('link', { name: 'Profile' }).count()).toBe(0);
}

/** Two tabs of one signed-in member, the second on /profile, `prepare` run in it before it loads. */
async function twoTabs(email: string, prepare?: () => void): Promise<[Page, Page]> {
  const first = await app.newPage();
  // Login lands on /matches, whose location flow updates the member's location: done before
  // anything else, so that the suspension is met by the call each test makes and no other.
  const located = first.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().endsWith('/accounts/location'),
  );
  await logIn(first, email);
  await located;
  // The start-up reads that follow (subscription, the first lists, the daily-activity ping) may
  // still be in flight on a loaded machine: one of them meeting the suspension would end the
  // session before the call each test makes.
  await first.waitForLoadState('networkidle');
  const second = await first.context().newPage();
  if (prepare) await second.addInitScript(prepare);
  await second.goto('/profile');
  await second.getByTestId('profile-completion').waitFor(WAIT_TEXT);
  await second.waitForLoadState('networkidle');
  return [first, second];
}

function suspend(email: string): () => void {
  const user = app.sandbox.world.store.userByEmail(email);
  if (!user) throw new Error(`no ${email}`);
  user.status = 'suspended';
  return () => {
    user.status = 'active';
  };
}

describe('a suspension met in one tab', () => {
  /** The second tab made no call: it learns of the suspension from the first tab's message. */
  async function noticeInBoth(email: string, prepare?: () => void): Promise<void> {
    const [first, second] = await twoTabs(email, prepare);
    const restore = suspend(email);
    try {
      await meetSuspension(first);
      await suspendedNotice(second);
    } finally {
      restore();
    }
  }

  it('shows its notice in the other tabs too, which made no call', async () => {
    await noticeInBoth('member5@sandbox.test');
  });

  it('also when the cookies reach the other tab after the message', async () => {
    await noticeInBoth('member2@sandbox.test', lateCookieUpdates);
  });

  it('also when the other tab meets the missing session itself before it hears why', async () => {
    const [first, second] = await twoTabs('member1@sandbox.test', holdChannelMessages);
    const restore = suspend('member1@sandbox.test');
    try {
      await meetSuspension(first);
      // The second tab's own call finds the cookies gone and ends its session first…
      await expect
        .poll(() => second.evaluate(() => Reflect.get(window, 'heldSessionMessages')()), WAIT_TEXT)
        .toBe(1);
      callFrom(second);
      await second.waitForURL((url) => url.pathname === '/account/login', WAIT_TEXT);
      expect(await second.getByRole('link', { name: 'Profile' }).count()).toBe(0);
      // …then the first tab's message arrives: the notice it shows is the suspension's.
      await second.evaluate(() => Reflect.get(window, 'releaseSessionMessages')());
      await suspendedNotice(second);
    } finally {
      restore();
    }
  });

  it('also in a tab still starting up, whose start-up stops', async () => {
    const first = await app.newPage();
    const located = first.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.url().endsWith('/accounts/location'),
    );
    await logIn(first, 'member5@sandbox.test');
    await located;
    // The second tab's start-up reads the member before the suspension; the answer is held back
    // until the first tab has met the suspension and told the other tabs.
    const second = await first.context().newPage();
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    await second.route('**/user/info', async (route) => {
      const response = await route.fetch();
      held = true;
      await released;
      // The page gave up on this request: there is nothing left to answer.
      await route.fulfill({ response }).catch(() => {});
    });
    // Watched from the start, waited for at the end: a timeout set here would run through the
    // loading and the first tab's suspension too (past 15 s when the pages are slow), not only
    // through the wait for the drop.
    let dropped = false;
    second.on('requestfailed', (request) => {
      if (request.url().endsWith('/user/info')) dropped = true;
    });
    await second.goto('/profile');
    await expect.poll(() => held, WAIT_TEXT).toBe(true);
    // The held read may be the signed-in preload script's, sent before the app runs: the app's
    // start-up (which listens for the other tabs) is under way once its shell shows the page's
    // busy frame. Under CI's load the first tab once met the suspension before the second tab's
    // app had run; that tab then found no session and could not know why.
    await second.locator('main [aria-busy="true"]').waitFor(WAIT_TEXT);
    const restore = suspend('member5@sandbox.test');
    try {
      await meetSuspension(first);
      await suspendedNotice(second);
      // Its start-up stopped: the held read of the member was dropped, not applied late.
      await expect.poll(() => dropped, WAIT_TEXT).toBe(true);
    } finally {
      release();
      restore();
    }
  });
});
