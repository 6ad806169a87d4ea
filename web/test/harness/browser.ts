/**
 * The browser test harness: the sandbox (serving the built web/dist on port 0) and Debian's
 * Chromium through playwright-core, plus helpers to log in, take screenshots at 375 and 1280 px
 * and run axe-core in the page.
 *
 *   const app = await startApp();            // in beforeAll
 *   const page = await app.newPage();         // a fresh browser context (own cookies)
 *   await logIn(page, 'member1@sandbox.test');  // through the login form
 *   await app.signIn(page, 'member2@sandbox.test'); await page.goto('/profile');  // a returning member
 *   await screenshots(page, 'matches');       // artifacts/screens/matches-375.png and -1280.png
 *   expect(await axeViolations(page)).toEqual([]);
 *   await app.close();                        // in afterAll
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD, type SandboxOptions, startSandbox } from '@matchmaker/sandbox';
import { type CookieJar, CookieTokenStore, createClient } from '@matchmaker/sdk';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Cookie,
  chromium,
  type Page,
  type Request,
} from 'playwright-core';

const web = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const WEB_DIST = join(web, 'dist');
export const ARTIFACTS = join(web, 'artifacts');
/** The README's screenshots (`pnpm screens:docs`), committed: compact WebP images of the viewport. */
export const DOCS_SCREENS = join(web, 'docs', 'screens');
/**
 * Chromium's own WebP encoder (GitHub shows WebP in READMEs), and the 1280 px shot drawn at 3/4
 * size: ~16 KB an image on average (2 MB for the 124 images), against ~27 KB as JPEG at a similar
 * quality and ~65 KB at full size.
 */
const DOCS_IMAGE = { format: 'webp', quality: 60, scale: { 375: 1, 1280: 0.75 } } as const;
export const WIDTHS = [375, 1280] as const;
/** How long a poll waits for text that changes as answers arrive (polled, never read once). */
export const WAIT_TEXT = { timeout: 15_000 };
export { DEMO_PASSWORD };

/**
 * Debian's Chromium, the browser members run: the benchmarks (Lighthouse, start-up phases) and
 * the browser tests that read paint timing use it.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';
/**
 * The other browser tests' Chromium: Debian's headless shell (package chromium-headless-shell),
 * the same Blink and V8 without the full browser's own UI processes, as Playwright itself runs
 * headless Chromium. Half the time and half the CPU of the full browser on CI's 2 cores
 * (first-screen.prefetch alone: 86 s -> 46 s). Its frames and paints are not scheduled as the
 * full browser's are, so the test that orders requests against the page's frames
 * (guard.frame-order) takes the full browser.
 */
export const TEST_CHROMIUM_PATH = '/usr/bin/chromium-headless-shell';
/** Chromium's flags: no background traffic of Chromium's own beside the app's. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

/**
 * An opt-in stress mode: `TEST_CPU_THROTTLE=6` slows every page's CPU 6x (the DevTools protocol's
 * `Emulation.setCPUThrottlingRate`), as a busy CI machine would. A test that passes only because
 * the page reacted within some moment fails under it; one that waits for what it relies on still
 * passes (given its timeouts). Off (1) unless set.
 */
const requestedThrottle = Number(process.env.TEST_CPU_THROTTLE ?? 1);
const cpuThrottle = Number.isFinite(requestedThrottle) && requestedThrottle > 1 ? requestedThrottle : 1;

const throttling = new WeakMap<Page, Promise<void>>();
/**
 * Slows `page`'s CPU `rate` times for as long as it lives (its session stays attached); once a
 * page, however many callers ask. A page closed meanwhile is left alone.
 */
function throttleCpu(page: Page, rate: number): Promise<void> {
  let done = throttling.get(page);
  if (!done) {
    done = page
      .context()
      .newCDPSession(page)
      .then((cdp) => cdp.send('Emulation.setCPUThrottlingRate', { rate }))
      .then(
        () => {},
        (error: unknown) => {
          if (!page.isClosed()) throw error;
        },
      );
    throttling.set(page, done);
  }
  return done;
}

/** The type the sandbox's Sentry sink gives a CSP violation report. */
const CSP_VIOLATION = 'csp-violation';

export interface TestApp {
  readonly url: string;
  readonly sandbox: Sandbox;
  readonly browser: Browser;
  /** A page in a new context (its own cookies and storage). Geolocation is granted unless told. */
  newPage(options?: PageOptions): Promise<Page>;
  /**
   * Signs `email` in as a member who logged in earlier and comes back: a login through the SDK
   * against the sandbox, whose tokens the app's own cookie store (`CookieTokenStore`) writes into
   * the page's cookies, as it does over http. The page loads nothing; the test's next
   * `goto` is the member's first load, with a cold cache (as a member's first visit; a test that
   * routes requests has no cache anyway: Playwright turns Chromium's off). The login form's own
   * behaviour, and where it lands, are tested through `logIn`. It saves a test the login page and
   * the landing page: about 1 s of the machine's CPU and 0.5 s each.
   */
  signIn(page: Page, email: string, password?: string): Promise<void>;
  /**
   * The Content-Security-Policy violations the pages reported (the policy's report-uri is the
   * sandbox's Sentry sink), taken out of the sink: a test that provokes one on purpose takes it.
   */
  takeCspViolations(): string[];
  /** Closes everything; fails if a violation was reported that no test took (a screen broke the policy). */
  close(): Promise<void>;
}

export interface PageOptions extends BrowserContextOptions {
  /** Grant geolocation (at Atlanta) so the location modal does not block; default true. */
  location?: boolean;
  width?: (typeof WIDTHS)[number];
}

export const ATLANTA = { latitude: 33.749, longitude: -84.388 };

/** Which Chromium a test file drives. */
export interface BrowserChoice {
  /** Debian's full Chromium instead of the headless shell: for what reads the paint timing. */
  fullChromium?: boolean;
  /** Scrollbars shown, as a desktop's (Playwright hides them): for what a mouse does on one. */
  scrollbars?: boolean;
}

/**
 * Starts the sandbox over web/dist (built by `pnpm test` beforehand; `webDir` for another build)
 * and Chromium (the headless shell unless `fullChromium`).
 */
export async function startApp(
  options: Omit<SandboxOptions, 'port'> = {},
  { fullChromium = false, scrollbars = false }: BrowserChoice = {},
): Promise<TestApp> {
  const sandbox = await startSandbox({ port: 0, webDir: WEB_DIST, checkResponses: true, ...options });
  let browser: Browser;
  try {
    browser = await chromium.launch({
      executablePath: fullChromium ? CHROMIUM_PATH : TEST_CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      ...(scrollbars ? { ignoreDefaultArgs: ['--hide-scrollbars'] } : {}),
    });
  } catch (error) {
    await sandbox.close();
    throw error;
  }
  const contexts: BrowserContext[] = [];
  const takeCspViolations = () => {
    const errors = sandbox.world.store.data.errors;
    const violations = errors.filter((error) => error.type === CSP_VIOLATION);
    sandbox.world.store.data.errors = errors.filter((error) => error.type !== CSP_VIOLATION);
    return violations.map((error) => error.message ?? error.raw);
  };
  return {
    url: sandbox.url,
    sandbox,
    browser,
    async newPage({ location = true, width = 1280, ...contextOptions }: PageOptions = {}) {
      const context = await browser.newContext({
        baseURL: sandbox.url,
        viewport: { width, height: 800 },
        ...(location ? { permissions: ['geolocation'], geolocation: ATLANTA } : {}),
        ...contextOptions,
      });
      contexts.push(context);
      // Under TEST_CPU_THROTTLE, the tabs a test opens itself in this context (`context.newPage()`)
      // are slowed too, from the moment each opens; the first page before `newPage` answers.
      if (cpuThrottle > 1) context.on('page', (page) => void throttleCpu(page, cpuThrottle));
      const page = await context.newPage();
      if (cpuThrottle > 1) await throttleCpu(page, cpuThrottle);
      page.setDefaultTimeout(15_000);
      return page;
    },
    async signIn(page, email, password = DEMO_PASSWORD) {
      // The app's own cookie store writes the login's tokens (over http, as the app does on a
      // plain-http host); what it wrote goes into the page's context.
      const written = recordingJar();
      const tokenStore = new CookieTokenStore({ jar: written.jar, secure: false });
      await createClient({ baseURL: sandbox.url, tokenStore, locks: null }).accounts.login({
        email,
        password,
      });
      await page.context().addCookies(written.cookies(new URL(sandbox.url).hostname));
    },
    takeCspViolations,
    async close() {
      await Promise.allSettled(contexts.map((context) => context.close()));
      await browser.close().catch(() => {});
      const left = takeCspViolations();
      await sandbox.close();
      // Every browser test runs under the policy the server sends: a screen it blocked fails here.
      if (left.length > 0)
        throw new Error(`Content-Security-Policy violations reported:\n${left.join('\n')}`);
    },
  };
}

/**
 * A cookie jar that keeps what a `CookieTokenStore` writes to it (`document.cookie` assignments),
 * as Playwright's cookies for `domain`.
 */
function recordingJar(): { jar: CookieJar; cookies: (domain: string) => Cookie[] } {
  const assignments: string[] = [];
  const jar: CookieJar = {
    get cookie() {
      return '';
    },
    set cookie(assignment: string) {
      assignments.push(assignment);
    },
  };
  const cookies = (domain: string): Cookie[] =>
    assignments
      // A deletion (Max-Age=0) leaves nothing to add.
      .filter((assignment) => !/;\s*max-age=0\s*(;|$)/i.test(assignment))
      .map((assignment) => {
        const [pair = '', ...attributes] = assignment.split(';').map((part) => part.trim());
        const equals = pair.indexOf('=');
        const attribute = (name: string) =>
          attributes.find((part) => part.toLowerCase().startsWith(`${name.toLowerCase()}=`))?.split('=')[1];
        const sameSite = attribute('SameSite');
        return {
          name: pair.slice(0, equals),
          value: pair.slice(equals + 1),
          domain,
          path: attribute('Path') ?? '/',
          expires: Math.floor(Date.now() / 1000) + Number(attribute('Max-Age') ?? 0),
          httpOnly: false,
          secure: attributes.some((part) => part.toLowerCase() === 'secure'),
          sameSite: sameSite === 'Strict' || sameSite === 'None' ? sameSite : 'Lax',
        };
      });
  return { jar, cookies };
}

/** Logs in through the login form and waits for the member's (or admin's) landing area. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/account/login');
  await submitLogIn(page, email, password);
}

/** Fills and sends the login form already on screen (keeping its `next`), and waits to leave it. */
export async function submitLogIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/account/login'));
}

/**
 * The names docs/screens.json lists, when the run is making the README's screenshots
 * (SCREENS_DOCS=1, set by `pnpm screens:docs`); else none.
 */
function docsScreenNames(): ReadonlySet<string> {
  if (process.env.SCREENS_DOCS !== '1') return new Set();
  const catalogue: { areas: { screens: { name: string }[] }[] } = JSON.parse(
    readFileSync(join(web, 'docs', 'screens.json'), 'utf8'),
  );
  return new Set(catalogue.areas.flatMap((area) => area.screens.map((screen) => screen.name)));
}
const docsNames = docsScreenNames();

/**
 * Whether `screenshots` writes artifacts/screens: yes, unless the run is on CI (`CI=true`, which
 * `.ci/run` sets), where nobody opens them and they were a tenth of the browser suite's CPU (a
 * full page's pair took 0.8-2.5 s of Chromium's CPU, 61 times). `SCREENSHOTS=1` takes them on CI
 * too, `SCREENSHOTS=0` skips them anywhere; `pnpm screens:docs` (SCREENS_DOCS=1) always takes them.
 */
export function screenshotsWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.SCREENS_DOCS === '1' || env.SCREENSHOTS === '1') return true;
  if (env.SCREENSHOTS === '0') return false;
  return env.CI === undefined || env.CI === '' || env.CI === 'false' || env.CI === '0';
}
const takeScreenshots = screenshotsWanted();

/**
 * Full-page screenshots at 375 and 1280 px into artifacts/screens/<name>-<width>.png; for a name
 * of docs/screens.json under SCREENS_DOCS=1, also the viewport as docs/screens/<name>-<width>.webp.
 * Answers the files written: none where `screenshotsWanted` says no.
 */
export async function screenshots(page: Page, name: string): Promise<string[]> {
  if (!takeScreenshots) return [];
  const dir = join(ARTIFACTS, 'screens');
  mkdirSync(dir, { recursive: true });
  const original = page.viewportSize();
  const paths: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => document.fonts.ready);
    const path = join(dir, `${name}-${width}.png`);
    await page.screenshot({ path, fullPage: true, animations: 'disabled' });
    paths.push(path);
    if (docsNames.has(name)) await docsScreenshot(page, join(DOCS_SCREENS, `${name}-${width}.webp`), width);
  }
  if (original) await page.setViewportSize(original);
  return paths;
}

/** The viewport as Chromium encodes it (WebP, scaled down by Chromium itself for 1280 px). */
async function docsScreenshot(page: Page, path: string, width: (typeof WIDTHS)[number]): Promise<void> {
  mkdirSync(DOCS_SCREENS, { recursive: true });
  // The clip is in document coordinates: the visible part starts at the scroll position.
  const view = await page.evaluate(() => ({
    x: window.visualViewport?.pageLeft ?? window.scrollX,
    y: window.visualViewport?.pageTop ?? window.scrollY,
    height: window.innerHeight,
  }));
  const cdp = await page.context().newCDPSession(page);
  try {
    const { data } = await cdp.send('Page.captureScreenshot', {
      format: DOCS_IMAGE.format,
      quality: DOCS_IMAGE.quality,
      clip: { x: view.x, y: view.y, width, height: view.height, scale: DOCS_IMAGE.scale[width] },
    });
    writeFileSync(path, Buffer.from(data, 'base64'));
  } finally {
    await cdp.detach().catch(() => {});
  }
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let axeText: string | undefined;
const axeScript = () => {
  axeText ??= readFileSync(axeSource, 'utf8');
  return axeText;
};

/** Runs axe-core (WCAG 2.x A/AA rules) in the page; answers the serious and critical violations. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Not as a <script> tag: the page's CSP (no inline script, Trusted Types) refuses one, as it
  // should. Evaluated through the DevTools protocol, as Playwright evaluates, it runs in the page.
  await page.evaluate(axeScript());
  // The page as it settles: a toast sliding in or fading out is partly transparent, and axe read
  // its text's contrast mid-animation (a fresh-clone run). Animations that never end (spinners)
  // are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  return page.evaluate(async () => {
    type AxeResult = {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    };
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResult> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
    });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }));
  });
}

/**
 * Waits until `condition` holds, checking every 25 ms, for at most `timeoutMs`; resolves whether
 * it held. For a route handler that holds a request until something else has happened, and lets
 * it go either way (a thrown poll there would leave the page hanging instead of failing a check).
 */
export async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<boolean> {
  const started = Date.now();
  while (!condition() && Date.now() - started < timeoutMs)
    await new Promise((resolve) => setTimeout(resolve, 25));
  return condition();
}

/** Something a test waits for that another part of it sees happen: `fire()` any number of times, `done` resolves once. */
export function signal(): { fire: () => void; done: Promise<void> } {
  let fire = () => {};
  const done = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { fire, done };
}

/** What `holdRequests` answers: whether the request came, and the release that lets it go. */
export interface HeldRequests {
  /** Whether the page has asked for it since the hold began. */
  asked(): boolean;
  /** Lets every request held so far, and any after, go on to the server. */
  release(): void;
}

/**
 * Holds the page's requests for `url` (a glob or pattern, as `page.route` takes) until
 * `release()`: a chunk or an answer seen on its way, while the test looks at the page.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<HeldRequests> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route(url, async (route) => {
    asked = true;
    await released;
    await route.continue();
  });
  return { asked: () => asked, release };
}

/**
 * Whether the document the page's next navigation loads has replaced the current one, for tests
 * that watch what a page does: the page a login landed on may still be settling (its data, its
 * DAU event, its channels) when the test navigates away, until the new document replaces it.
 */
export function nextDocument(page: Page): () => boolean {
  let navigating = false;
  let replaced = false;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigating = true;
  });
  page.on('framenavigated', (frame) => {
    if (navigating && frame === page.mainFrame()) replaced = true;
  });
  return () => replaced;
}

/**
 * Holds the page's idle callbacks (`requestIdleCallback`) from its first script on, until
 * `releaseIdle` runs those asked for so far: what waits for an idle moment can be seen waiting.
 */
export async function holdIdleCallbacks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const held: (() => void)[] = [];
    const w = window as unknown as {
      requestIdleCallback: (run: () => void) => number;
      releaseIdle: () => void;
    };
    w.requestIdleCallback = (run) => held.push(run);
    w.releaseIdle = () => {
      for (const run of held.splice(0)) run();
    };
  });
}

/** Runs the idle callbacks `holdIdleCallbacks` has held so far. */
export async function releaseIdle(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as { releaseIdle: () => void }).releaseIdle());
}

/**
 * Settles the tab session's Replay draw (lib/replay-sampling.ts) before any page script runs, as
 * the app would keep a draw it made itself: recorded whole (`true`) or not picked (`false`).
 */
export async function drawForReplay(page: Page, sampled: boolean): Promise<void> {
  await page.addInitScript(
    (value) => {
      window.sessionStorage.setItem('matchmaker.replay-sampled', value);
    },
    sampled ? '1' : '0',
  );
}

/**
 * Headings that skip a level (an h3 straight under an h1), as Lighthouse's heading-order audit
 * reads them: visible headings in document order, each at most one level below the one before.
 */
export async function headingLevelSkips(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const skips: string[] = [];
    let previous = 0;
    for (const heading of document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6')) {
      if (heading.closest('[hidden], [aria-hidden="true"]') || heading.getClientRects().length === 0)
        continue;
      const level = Number(heading.tagName.slice(1));
      if (previous > 0 && level > previous + 1)
        skips.push(`h${level} '${heading.textContent?.trim()}' after an h${previous}`);
      previous = level;
    }
    return skips;
  });
}

/** The names of the cookies the page's context holds. */
export async function cookieNames(page: Page): Promise<string[]> {
  return (await page.context().cookies()).map((cookie) => cookie.name);
}

/**
 * The page's requests, for a failed test's output: a `networkidle` that never came is explained by
 * what was still waiting for an answer and by what started in the last seconds. Call before the
 * page loads; the answer lists each request with its age and state, newest last (`most` of them).
 */
export function watchNetwork(page: Page, { lastMs = 2_000, most = 40 } = {}): () => string {
  const started = new Map<Request, number>();
  const ended = new Map<Request, string>();
  page.on('request', (request) => started.set(request, Date.now()));
  page.on('requestfinished', (request) => ended.set(request, 'answered'));
  page.on('requestfailed', (request) => ended.set(request, `failed: ${request.failure()?.errorText ?? '?'}`));
  return () => {
    const now = Date.now();
    const lines = [...started]
      .filter(([request, at]) => !ended.has(request) || now - at <= lastMs)
      .map(([request, at]) => {
        const state = ended.get(request) ?? 'WAITING';
        return `  ${request.method()} ${request.url()} ${now - at} ms ago, ${state}`;
      });
    return `requests waiting, or started in the last ${lastMs} ms (${lines.length}):\n${lines.slice(-most).join('\n')}`;
  };
}

/** Whether the app's root holds anything, for a page that shows no text. */
async function rootState(page: Page): Promise<string> {
  return page
    .evaluate(() => {
      const root = document.getElementById('root');
      if (!root) return 'no #root element';
      return root.childElementCount === 0
        ? '#root is empty'
        : `#root holds ${root.childElementCount} elements`;
    })
    .catch((error: unknown) => `its document could not be read: ${String(error)}`);
}

/**
 * What each page shows, for a failed test's output (CI keeps only the log): its URL and the start
 * of its visible text. A screenshot of each goes to `artifacts/failed-<name>-<n>.png` too.
 */
export async function describePages(pages: readonly Page[], name: string): Promise<string> {
  const lines: string[] = [];
  mkdirSync(ARTIFACTS, { recursive: true });
  for (const [index, page] of pages.entries()) {
    if (page.isClosed()) continue;
    const text = await page
      .locator('body')
      // biome-ignore lint/performance/useDomNodeTextContent: what the member sees, not hidden text; this is Playwright's locator.
      .innerText({ timeout: 2_000 })
      .catch((error: unknown) => `(no text: ${String(error)})`);
    const file = join(ARTIFACTS, `failed-${name.replace(/[^\w-]+/g, '-').slice(0, 60)}-${index}.png`);
    await page.screenshot({ path: file, timeout: 5_000 }).catch(() => {});
    const shown = text.replace(/\s+/g, ' ').trim();
    // An empty body is the app unmounted (a part that threw with no boundary), not a page loading.
    const blank = shown === '' ? `(a blank page: the body shows no text; ${await rootState(page)})` : '';
    lines.push(`page ${index}: ${page.url()}\n${blank || shown.slice(0, 800)}`);
  }
  return lines.join('\n');
}
