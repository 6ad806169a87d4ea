/**
 * How soon a signed-in page's area shows once its chunk comes after the page's frame: member1's
 * /messages, the messaging area's chunk held until the frame shows, the time from the frame to
 * the area by the page's clock, over five loads. Under React.lazy and Suspense the area was
 * revealed in a retry that React holds back until 300 ms after the frame showed as the boundary's
 * fallback, however idle the machine; lazyScreen (lib/lazy.tsx) renders it in an ordinary update
 * once the chunk has run (80-120 ms on an idle machine). A timing, so a benchmark: on CI's loaded
 * 2 cores the chunk's own run took every one of three loads past 280 ms (2026-11-28), which made
 * it a flaky test in `pnpm test`. Fails if even the quickest load took 280 ms or more.
 *
 *   pnpm --filter @matchmaker/web bench     (with the chat-room benchmark)
 */
import { loadavg } from 'node:os';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { holdRequests, logIn, startApp, type TestApp } from '../test/harness/browser';

let app: TestApp;
beforeAll(async () => {
  // The browser members run, not the tests' headless shell.
  app = await startApp({}, { fullChromium: true });
});
afterAll(async () => {
  await app?.close();
});

/**
 * member1's /messages loaded with the messaging area's chunk held until the page's frame shows:
 * the time from the frame to the area, by the page's clock.
 */
async function frameToArea(): Promise<number> {
  const page = await app.newPage();
  await logIn(page, 'member1@sandbox.test');
  // The area's chunk is let go when the page says its frame shows (an exposed function, not a
  // poll from here, whose latency on a loaded machine took most of the 280 ms).
  const hold = await holdRequests(page, /\/assets\/messages-[\w-]{8}\.js$/);
  await page.exposeFunction('frameShown', () => hold.release());
  await page.addInitScript(() => {
    const at: { frame?: number; area?: number } = {};
    (window as unknown as { shownAt: typeof at }).shownAt = at;
    new MutationObserver(() => {
      if (at.frame === undefined && document.querySelector('main .page-frame__lists')) {
        at.frame = performance.now();
        void (window as unknown as { frameShown: () => Promise<void> }).frameShown();
      }
      at.area ??= document.querySelector('main .messages') ? performance.now() : undefined;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/messages');
  await page.getByRole('list', { name: 'Conversations' }).waitFor();
  const { frame = Number.NaN, area = Number.NaN } = await page.evaluate(
    () => (window as unknown as { shownAt: { frame?: number; area?: number } }).shownAt,
  );
  expect(hold.asked()).toBe(true);
  await page.close();
  return area - frame;
}

it("a signed-in page's area shows as soon as its chunk is here, not up to 300 ms after the frame", async () => {
  const gaps: number[] = [];
  for (let load = 0; load < 5; load++) gaps.push(await frameToArea());
  const quickest = Math.min(...gaps);
  console.log(
    `frame to area, 5 loads: ${gaps.map((gap) => Math.round(gap)).join(', ')} ms; quickest ${Math.round(quickest)} ms ` +
      `(React's Suspense throttle: 300 ms or more); load average ${loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
  );
  expect(quickest).toBeLessThan(280);
});
