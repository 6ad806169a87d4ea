/**
 * The signed-in preload (scripts/serving/signed-in-preload.ts): a member or admin page with the
 * access cookie asks for the SDK client's chunks beside the main bundle, once each; a visitor, or
 * a member on a public page, never does.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, startApp, type TestApp } from '../harness/browser';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

/** The client chunk's requests from now on, and the preload links in the page. */
function watchClient(page: Page) {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/client-[\w-]+\.js$/.test(request.url())) requested.push(request.url());
  });
  const links = () =>
    page.$$eval('link[rel="modulepreload"][data-preload="signed-in"]', (found) =>
      found.map((link) => (link as HTMLLinkElement).href),
    );
  return { requested, links };
}

describe('the signed-in preload', () => {
  it('a member page with a session fetches the client beside the main bundle, once', async () => {
    const page = await app.newPage();
    await logIn(page, 'member1@sandbox.test');
    const client = watchClient(page);
    await page.goto('/messages', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    expect(
      (await client.links()).map((href) => new URL(href).pathname.replace(/-[\w-]{8}\.js$/, '')),
    ).toEqual(['/assets/client', '/assets/schemas', '/assets/form-kit']);
    // The app's own import of the client is served by the preload, not fetched again.
    expect(client.requested).toHaveLength(1);
  });

  it('a visitor fetches no client, and neither a visitor nor a member on a public page preloads it', async () => {
    const visitor = await app.newPage();
    const seen = watchClient(visitor);
    await visitor.goto('/', { waitUntil: 'networkidle' });
    expect(await seen.links()).toEqual([]);
    expect(seen.requested).toEqual([]);
    // Sent to log in from a member page: no session, so no preload (the login form loads the
    // client itself when it needs it).
    await visitor.goto('/messages', { waitUntil: 'networkidle' });
    expect(await seen.links()).toEqual([]);

    const member = await app.newPage();
    await logIn(member, 'member1@sandbox.test');
    const onPublic = watchClient(member);
    await member.goto('/', { waitUntil: 'networkidle' });
    expect(await onPublic.links()).toEqual([]);
  });
});
