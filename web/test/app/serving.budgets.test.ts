/**
 * Budgets of issue 24 that do not depend on the machine's load, on the built app as `pnpm start`
 * serves it (the sandbox over web/dist) and as Chromium receives it: every script, style and page
 * compressed, hashed assets cached for a year as immutable, pages revalidated, the security headers
 * with every page, robots.txt and sitemap.xml as real files, and real 404s for what the app does
 * not serve, nested paths included.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp, WEB_DIST } from '../harness/browser';

const NOT_FOUND = 'Sorry, the page you are looking for could not be found';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const served: { headers: Record<string, string> } = JSON.parse(
  readFileSync(join(WEB_DIST, 'headers.json'), 'utf8'),
);

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

/** Opens `path` and answers every response of the app's origin until the network is idle. */
async function load(page: Page, path: string): Promise<Response[]> {
  const responses: Response[] = [];
  const listener = (response: Response) => {
    if (response.url().startsWith(app.url)) responses.push(response);
  };
  page.on('response', listener);
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  page.off('response', listener);
  return responses;
}

async function checkPage(page: Page, path: string): Promise<void> {
  const responses = await load(page, path);
  const document = responses.find((response) => response.request().resourceType() === 'document');
  if (!document) throw new Error(`no document answered for ${path}`);
  const headers = await document.allHeaders();
  expect(document.status(), path).toBe(200);
  expect(headers['cache-control'], path).toBe('no-cache');
  expect(headers['content-encoding'], path).toBe('br');
  for (const [name, value] of Object.entries(served.headers)) {
    expect(headers[name.toLowerCase()], `${path}: ${name}`).toBe(value);
  }
  const assets = responses.filter((response) =>
    ['script', 'stylesheet'].includes(response.request().resourceType()),
  );
  expect(assets.length, path).toBeGreaterThan(3);
  for (const asset of assets) {
    const assetHeaders = await asset.allHeaders();
    const name = new URL(asset.url()).pathname;
    expect(name, path).toMatch(/^\/assets\//);
    expect(assetHeaders['content-encoding'], name).toBe('br');
    expect(assetHeaders['cache-control'], name).toBe(IMMUTABLE);
    expect(assetHeaders.vary, name).toMatch(/(^|, )Accept-Encoding(,|$)/);
  }
}

describe('headers budget: what Chromium receives', () => {
  it('for the public pages', async () => {
    const page = await app.newPage();
    await checkPage(page, '/');
    await checkPage(page, '/faith/muslim/marriage/singles');
    await checkPage(page, '/account/login');
  });

  it("for a member's and the admin's first screens", async () => {
    const member = await app.newPage();
    await app.signIn(member, 'member1@sandbox.test');
    await checkPage(member, '/matches');
    await checkPage(member, '/messages');
    const admin = await app.newPage();
    await app.signIn(admin, 'admin@sandbox.test');
    await checkPage(admin, '/admin/users');
  });

  it('for robots.txt and the sitemap, real files of the build', async () => {
    const page = await app.newPage();
    const robots = await page.request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(robots.headers()['content-type']).toContain('text/plain');
    expect(await robots.text()).toMatch(/^User-agent: \*$/m);
    const sitemap = await page.request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['content-type']).toMatch(/xml/);
    expect(await sitemap.text()).toContain('/faith/christian/marriage/singles</loc>');
    for (const answer of [robots, sitemap]) expect(answer.headers()['cache-control']).toBe('no-cache');
  });
});

describe('404 budget: no soft 404s', () => {
  it('answers unknown pages with the not-found page and status 404, nested ones included', async () => {
    const page = await app.newPage();
    for (const path of [
      '/no-such-page',
      '/account',
      '/account/no-such-page',
      '/faith/buddhist/marriage/singles',
      '/matches/no/such/page',
      '/admin/users/u1/extra',
      '/profile/photos/extra',
    ]) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(404);
      expect(answer?.headers()['content-security-policy'], path).toBe(
        served.headers['Content-Security-Policy'],
      );
      // The app shows the page of SPEC.md section 2 (member areas first send a visitor to log in).
      if (!/^\/(matches|admin|profile)\//.test(path)) {
        await page.getByText(NOT_FOUND).waitFor();
        await page.getByRole('link', { name: 'Return home' }).waitFor();
      }
    }
  });

  it('answers a missing asset with a plain 404, never cached', async () => {
    const page = await app.newPage();
    const answer = await page.request.get('/assets/no-such-chunk-abc123.js');
    expect(answer.status()).toBe(404);
    expect(answer.headers()['content-type']).toContain('text/plain');
    expect(answer.headers()['cache-control']).toBe('no-cache');
  });
});
