/**
 * When an account page asks for its form's chunks: once the frame that shows its heading and lead
 * is being painted, not with the first render (issue 24 item 3: a phone's first paint does not
 * share its moment with those requests). The requests are ordered against the page's animation
 * frames, which Debian's full Chromium schedules as members' browsers do; the headless shell,
 * which the other browser tests drive, does not (the frames of guard.page-frame's other tests
 * do not depend on it, so they run there, at half the CPU).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../harness/browser';
import { fileHolding } from '../harness/build-chunks';

let app: TestApp;
beforeAll(async () => {
  app = await startApp({}, { fullChromium: true });
});
afterAll(async () => {
  await app?.close();
});

describe("an account page's chunks", () => {
  const areaChunk = fileHolding(/^src\/features\/account\/index\.tsx$/);
  const registerChunk = fileHolding(/^src\/features\/account\/register-screen\.tsx$/);

  it("asks for an account page's chunks once its frame is being painted, not with the first render", async () => {
    // What the frame shows needs none of them, and a phone's first paint no longer shares the
    // moment with those requests. The app asks two animation frames after the first render, so
    // not before the frame after the one that paints the heading (the page's clock at that
    // frame's animation callbacks, noted here). The paint's own timestamp (when the frame reached
    // the screen) cannot tell: it trails the frames, and requests made a moment after the render
    // come before it too. The app waits 100 ms at most: on a machine so loaded that no frame comes
    // in that time the requests go first, by design, so each page is loaded up to three times and
    // one load in order is enough. Requests made once the render's effects run, with no wait for
    // a frame, come 50 to 170 ms before that frame in every load.
    for (const path of ['/account/register', '/account/login']) {
      const loads: { nextFrame: number; asked: number }[] = [];
      // A chunk never asked for (Infinity) proves nothing: the load must have asked for one.
      const inOrder = () => loads.some((load) => Number.isFinite(load.asked) && load.asked >= load.nextFrame);
      for (let attempt = 0; attempt < 3 && !inOrder(); attempt++) {
        const page = await app.newPage({ width: 375 });
        await page.addInitScript(() => {
          new MutationObserver((_records, observer) => {
            if (!document.querySelector('h1')) return;
            observer.disconnect();
            requestAnimationFrame(() =>
              requestAnimationFrame(() => Reflect.set(window, 'nextFrame', performance.now())),
            );
          }).observe(document, { childList: true, subtree: true });
        });
        await page.goto(path, { waitUntil: 'networkidle' });
        loads.push(
          await page.evaluate(
            (chunks) => ({
              nextFrame: Number(Reflect.get(window, 'nextFrame')),
              asked: Math.min(
                ...performance
                  .getEntriesByType('resource')
                  .filter((entry) => chunks.some((chunk) => entry.name.endsWith(chunk)))
                  .map((entry) => entry.startTime),
              ),
            }),
            [areaChunk, registerChunk],
          ),
        );
        await page.context().close();
      }
      expect(inOrder(), `${path}: ${JSON.stringify(loads)}`).toBe(true);
    }
  });
});
