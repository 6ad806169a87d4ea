/**
 * The strict Content-Security-Policy the server sends with the build (headers.json, made from the
 * config) holds in Chromium: an injected inline script and injected markup are blocked and
 * reported to the sandbox's Sentry sink, and every screen of the route manifest shows without a
 * single violation (the harness also fails any browser test that causes one).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeManifest } from '../../src/config/route-patterns';
import { sandboxUser } from '../features/sandbox-world';
import { logIn, startApp, type TestApp, WAIT_TEXT } from '../harness/browser';

const NOT_FOUND = 'Sorry, the page you are looking for could not be found';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

/** Violations the page saw, as `directive blocked` (listened to before any script of the page runs). */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

async function reported(): Promise<string[]> {
  let taken: string[] = [];
  await expect
    .poll(
      () => {
        taken = [...taken, ...app.takeCspViolations()];
        return taken.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  return taken;
}

describe('the Content-Security-Policy', () => {
  it('blocks a script injected into the page and reports it, and the page still works', async () => {
    const page = await app.newPage();
    const violations = await watchViolations(page);
    // An HTML injection: the server's own page, with a script written into it on the way.
    await page.route('**/account/login', async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const headers = { ...response.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      await route.fulfill({
        response,
        headers,
        body: html.replace('</head>', '<script>window.__injected = true;</script></head>'),
      });
    });
    const answer = await page.goto('/account/login');
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self';");
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected),
    ).toBeUndefined();
    expect(await violations()).toEqual(['script-src-elem inline']);
    expect(await reported()).toEqual([`Blocked 'inline' by script-src-elem on ${app.url}/account/login`]);
  });

  it('refuses markup written into the page (Trusted Types) and an inline event handler, and reports it', async () => {
    const page = await app.newPage();
    const violations = await watchViolations(page);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const outcome = await page.evaluate(() => {
      try {
        document.body.insertAdjacentHTML('beforeend', '<img src="x" onerror="window.__xss = true">');
        return 'written';
      } catch (error) {
        return (error as Error).name;
      }
    });
    expect(outcome).toBe('TypeError');
    expect(await page.evaluate(() => document.querySelectorAll('img[src="x"]').length)).toBe(0);
    expect(await violations()).toEqual(['require-trusted-types-for trusted-types-sink']);
    expect((await reported())[0]).toMatch(/^Blocked 'trusted-types-sink' by require-trusted-types-for/);
    // Text without markup passes the default policy (react-hot-toast's style element needs it).
    expect(
      await page.evaluate(() => {
        const box = document.createElement('div');
        box.innerHTML = 'plain text &amp; no tags';
        return box.textContent;
      }),
    ).toBe('plain text & no tags');
  });

  it('keeps the session cookies at 365 days, path / and SameSite=Lax', async () => {
    const page = await app.newPage();
    await logIn(page, 'member1@sandbox.test');
    const cookies = await page.context().cookies();
    expect(cookies.length).toBeGreaterThan(0);
    const inAYear = Date.now() / 1000 + 365 * 24 * 3600;
    for (const cookie of cookies) {
      expect(cookie, cookie.name).toMatchObject({ path: '/', sameSite: 'Lax' });
      expect(Math.abs(cookie.expires - inAYear), cookie.name).toBeLessThan(120);
    }
  });
});

/** Each pattern of the manifest with its parameters filled from the sandbox's data. */
function screenPaths(): { anonymous: string[]; member: string[]; admin: string[] } {
  const member1 = sandboxUser(app, 'member1@sandbox.test').keycloakId;
  const member2 = sandboxUser(app, 'member2@sandbox.test').keycloakId;
  const room = Object.values(app.sandbox.world.store.data.rooms).find(
    (candidate) => candidate.members.includes(member1) && candidate.members.includes(member2),
  );
  const kyc = app.sandbox.world.store.data.kycRequests[0];
  const values: Record<string, string> = {
    religion: 'christian',
    id: member2,
    room: room?.id ?? 'no-room',
    userId: kyc?.user_id ?? 'no-user',
    requestId: kyc?.id ?? 'no-request',
  };
  const fill = (pattern: string) =>
    pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(values[name] ?? name));
  const paths = routeManifest().routes.map((route) => fill(route.pattern));
  const area = (path: string) => path.split('/')[1] ?? '';
  return {
    anonymous: paths.filter((path) => ['', 'faith', 'account'].includes(area(path))),
    member: paths.filter((path) => !['', 'faith', 'account', 'admin'].includes(area(path))),
    admin: paths.filter((path) => area(path) === 'admin'),
  };
}

/**
 * Watches `page`'s requests from now on; `quiet()` resolves once it has had none in flight for
 * `quietMs` (Playwright's `networkidle` is a document's load state: it does not wait again after a
 * navigation inside the app). Watched from before a navigation, so its first requests count.
 */
function watchRequests(page: Page): {
  quiet(quietMs?: number, timeoutMs?: number): Promise<void>;
  stop(): void;
} {
  let inFlight = 0;
  let lastChange = Date.now();
  const started = () => {
    inFlight++;
    lastChange = Date.now();
  };
  const ended = () => {
    inFlight--;
    lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    quiet: (quietMs = 500, timeoutMs = 15_000) =>
      expect
        .poll(() => inFlight <= 0 && Date.now() - lastChange >= quietMs, {
          timeout: timeoutMs,
          interval: 100,
        })
        .toBe(true),
    stop() {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

describe('every screen of the route manifest, under the policy', () => {
  /**
   * Every path answers 200 with the policy (read over HTTP, as any client gets it); then one page
   * loads the first path and goes through the others inside the app, as a member moves between
   * screens: each screen renders, and fetches what it needs, under the policy the document came
   * with (the same for every path). A full load of each path cost 48 s here for the three areas.
   */
  async function walk(paths: string[], who?: string) {
    const page = await app.newPage();
    const violations = await watchViolations(page);
    if (who) await app.signIn(page, who);
    // The same session's cookies for the HTTP reads.
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    for (const path of paths) {
      const answer = await fetch(new URL(path, app.url), { headers: { cookie } });
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('content-security-policy'), path).toContain("script-src 'self'");
    }
    const chat = (path: string) => /^\/(messages|match-requests)(\/|$)/.test(path);
    let heading = '';
    for (const [index, path] of paths.entries()) {
      const previous = paths[index - 1];
      const newHeading = previous !== undefined && !(chat(path) && chat(previous));
      const requests = watchRequests(page);
      try {
        if (index === 0) await page.goto(path);
        // wouter follows history.pushState (it listens for the pushState it patches in).
        else await page.evaluate((to) => history.pushState(null, '', to), path);
        // The screen of the path rendered: one heading of its own, not the last screen's (the
        // chat's list and rooms share theirs, "Messages"). Waited for, not read once the network
        // had been quiet for 500 ms: on a slow page (6x CPU) / and /admin/kyc/metrics had no
        // heading yet at that moment.
        await expect
          .poll(
            async () => {
              const shown = await page.locator('main h1').allTextContents();
              return shown.length === 1 && !(newHeading && shown[0] === heading);
            },
            { ...WAIT_TEXT, message: `${path}: its screen's own heading` },
          )
          .toBe(true);
        // Then what the screen fetches once rendered, all under the policy.
        await requests.quiet();
      } finally {
        requests.stop();
      }
      expect(new URL(page.url()).pathname, path).toBe(path);
      expect(await page.getByText(NOT_FOUND).count(), path).toBe(0);
      const headings = await page.locator('main h1').allTextContents();
      expect(headings, path).toHaveLength(1);
      if (newHeading) expect(headings[0], path).not.toBe(heading);
      heading = headings[0] ?? '';
      expect(await violations(), path).toEqual([]);
    }
  }

  it('shows the public and account screens without a violation', async () => {
    await walk(screenPaths().anonymous);
  });

  it("shows a member's screens without a violation", async () => {
    await walk(screenPaths().member, 'member1@sandbox.test');
  });

  it("shows the admin's screens without a violation", async () => {
    await walk(screenPaths().admin, 'admin@sandbox.test');
  });
});
