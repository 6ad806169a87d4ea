/**
 * When Sentry and Replay are downloaded (lib/error-reporting.ts): a visitor not picked by the
 * session sample rate fetches neither until an error is reported; a picked visitor gets both
 * once the first screen is interactive, recorded whole; a signed-in member gets both after their
 * first screen, Replay buffering, so an error sends the replay of the moments before it.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  drawForReplay,
  holdIdleCallbacks,
  releaseIdle,
  startApp,
  submitLogIn,
  type TestApp,
} from '../harness/browser';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

interface SinkRecord {
  type: string;
  message: string | null;
}

/** Empties the sandbox's sink, so a test reads only what it caused. */
async function clearSink(): Promise<void> {
  await fetch(`${app.url}/sandbox/errors`, { method: 'DELETE' });
}

async function sink(): Promise<SinkRecord[]> {
  const answer = await fetch(`${app.url}/sandbox/errors`, { headers: { accept: 'application/json' } });
  return ((await answer.json()) as { errors: SinkRecord[] }).errors;
}

/** An uncaught error in the page, thrown from a task of its own. */
function throwInPage(page: Page, message: string): Promise<void> {
  return page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(text);
    });
  }, message);
}

/** An error thrown in the member's page, then both the event and its replay in the sink. */
async function expectEventWithReplay(page: Page, message: string): Promise<void> {
  await clearSink();
  await throwInPage(page, message);
  await expect
    .poll(async () => (await sink()).map((record) => record.type), { timeout: 30_000 })
    .toEqual(expect.arrayContaining(['event', 'replay_event']));
}

/** The app's chunks the page fetched, in order: `sentry`, `sentry-replay`, `matches`, ... */
function chunksOf(page: Page): string[] {
  const chunks: string[] = [];
  page.on('response', (response) => {
    const name = new URL(response.url()).pathname.match(/^\/assets\/(.+)-[\w-]{8}\.js$/)?.[1];
    if (name) chunks.push(name);
  });
  return chunks;
}

describe('Sentry and Replay load only when needed, never on the first screen', () => {
  it("draws the visitor's replay sample once the first screen is interactive, not as the page starts", async () => {
    const page = await app.newPage();
    // The page's idle callbacks, which the interactive moment waits for, are held until released.
    await holdIdleCallbacks(page);
    const drawn = () => page.evaluate(() => window.sessionStorage.getItem('matchmaker.replay-sampled'));
    await page.goto('/account/login', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(await drawn()).toBeNull();
    // Released again at each look: the interactive moment waits for 2 s without a long task
    // before it asks for its idle moment.
    await expect
      .poll(
        async () => {
          await releaseIdle(page);
          return (await drawn()) ?? 'not drawn';
        },
        { timeout: 20_000 },
      )
      .toMatch(/^[01]$/);
  });

  it('a visitor not picked fetches neither, until an error is reported (then Sentry alone)', async () => {
    const page = await app.newPage();
    await drawForReplay(page, false);
    const chunks = chunksOf(page);
    await page.goto('/account/login', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(chunks).not.toContain('sentry');
    expect(chunks).not.toContain('sentry-replay');

    await clearSink();
    await throwInPage(page, 'A visitor met a broken page');
    await expect
      .poll(async () => (await sink()).map((record) => record.message), { timeout: 15_000 })
      .toContain('Error: A visitor met a broken page');
    expect(chunks).toContain('sentry');
    expect(chunks).not.toContain('sentry-replay');
  });

  it('a Sentry chunk that could not be fetched (offline) is fetched again once the browser is back online; the error still arrives', async () => {
    const page = await app.newPage();
    await drawForReplay(page, false);
    await page.goto('/account/login', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    let refused = 0;
    await page.route(/\/assets\/sentry-[\w-]{8}\.js$/, (route) => {
      refused++;
      return route.abort('internetdisconnected');
    });
    await clearSink();
    await throwInPage(page, 'A visitor met a broken page offline');
    await expect.poll(() => refused, { timeout: 15_000 }).toBe(1);
    await page.unrouteAll();
    await page.context().setOffline(true);
    await page.context().setOffline(false);
    await expect
      .poll(async () => (await sink()).map((record) => record.message), { timeout: 15_000 })
      .toContain('Error: A visitor met a broken page offline');
  });

  it('a picked visitor gets Replay after the first screen, and the session is recorded', async () => {
    const page = await app.newPage();
    await drawForReplay(page, true);
    const chunks = chunksOf(page);
    await clearSink();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => chunks.includes('sentry-replay'), { timeout: 15_000 }).toBe(true);
    expect(chunks.indexOf('public')).toBeLessThan(chunks.indexOf('sentry'));
    // A recorded session sends its replay without any error.
    await expect
      .poll(async () => (await sink()).map((record) => record.type), { timeout: 30_000 })
      .toContain('replay_event');
  });

  it('a member gets Sentry and Replay after the first screen; an error sends the buffered replay', async () => {
    const page = await app.newPage();
    await drawForReplay(page, false);
    const chunks = chunksOf(page);
    await page.goto('/account/login', { waitUntil: 'networkidle' });
    expect(chunks).not.toContain('sentry');
    await submitLogIn(page, 'member3@sandbox.test');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => chunks.includes('sentry-replay'), { timeout: 15_000 }).toBe(true);
    const areaChunk = chunks.findIndex((name) => name === 'matches' || name === 'profile');
    expect(areaChunk).toBeGreaterThanOrEqual(0);
    expect(areaChunk).toBeLessThan(chunks.indexOf('sentry'));

    await expectEventWithReplay(page, 'A member met a broken page');
  });

  it('a Replay chunk that could not be fetched is fetched again once back online, and the error brings its replay', async () => {
    const page = await app.newPage();
    await drawForReplay(page, false);
    const chunks = chunksOf(page);
    await page.goto('/account/login', { waitUntil: 'networkidle' });
    let refused = 0;
    await page.route(/\/assets\/sentry-replay-[\w-]{8}\.js$/, (route) => {
      refused++;
      return route.abort('internetdisconnected');
    });
    await submitLogIn(page, 'member3@sandbox.test');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => refused, { timeout: 15_000 }).toBe(1);
    expect(chunks).toContain('sentry');
    await page.unrouteAll();
    await page.context().setOffline(true);
    await page.context().setOffline(false);
    await expect.poll(() => chunks.includes('sentry-replay'), { timeout: 15_000 }).toBe(true);

    await expectEventWithReplay(page, 'A member met a broken page after the line came back');
    const events = (await sink()).filter((record) => record.type === 'event');
    expect(events.map((record) => record.message)).toEqual([
      'Error: A member met a broken page after the line came back',
    ]);
  });
});
