/**
 * A toast shows at the top centre (SPEC.md section 9), below the header, never over it: at
 * 1280 px the success toast of a match request lay over the main navigation's Messages and
 * Notifications links for its 4 s, and for as long as the pointer rested on it (react-hot-toast
 * pauses a toast under the pointer). A click meant for Messages then went to the toast, as it did
 * in a fresh-clone run of messages.live, whose every later test then failed.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxUser } from '../features/sandbox-world';
import { startApp, type TestApp } from '../harness/browser';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

/** new@ sends a match request to `email` from their profile; answers the toast it raised. */
async function sendMatchRequest(page: Page, email: string) {
  await app.signIn(page, 'new@sandbox.test');
  await page.goto(`/matches/members/${sandboxUser(app, email).keycloakId}`);
  await page.getByRole('button', { name: 'Send match request' }).click();
  await page.getByRole('button', { name: 'Match request sent' }).waitFor();
  await page.getByRole('status').filter({ hasText: 'Match request sent' }).waitFor();
  // The whole toast (its icon and its message, which is the status), by the class the app gives it.
  return page.locator('.toast').filter({ hasText: 'Match request sent' });
}

describe('a toast', () => {
  // Each width's request to a member new@ has not asked yet.
  it.each([
    [375, 'member5@sandbox.test'],
    [1280, 'member4@sandbox.test'],
  ] as const)('at %i px shows below the header, centred', async (width, email) => {
    const page = await app.newPage({ width });
    const toast = await sendMatchRequest(page, email);
    const header = await page.locator('header').first().boundingBox();
    if (!header) throw new Error('no header on the page');
    // Once it has come in (0.35 s), for the rest of its 4 s.
    await expect
      .poll(async () => (await toast.boundingBox())?.y ?? 0, { timeout: 3_000 })
      .toBeGreaterThanOrEqual(header.y + header.height);
    const box = await toast.boundingBox();
    if (!box) throw new Error('the toast went');
    // Centred under the header, which spans the page but its scrollbar's gutter.
    const middle = header.x + header.width / 2;
    expect(Math.abs(box.x + box.width / 2 - middle), `toast ${JSON.stringify(box)}`).toBeLessThan(1);
  });

  it('comes in below the header: no frame of its entrance lies over it', async () => {
    // react-hot-toast's own entrance slid a top toast down from twice its height above its place,
    // over the header's logo and menu button for 0.35 s; a tap there went to the toast.
    const page = await app.newPage({ width: 375 });
    await page.addInitScript(() => {
      // Each animation frame while a toast is in the page: by how much its top is above the
      // header's bottom edge (negative: below it).
      const overlaps: number[] = [];
      Object.assign(window, { toastOverlaps: overlaps });
      const look = () => {
        const bottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
        for (const toast of document.querySelectorAll('.toast'))
          overlaps.push(bottom - toast.getBoundingClientRect().top);
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    const toast = await sendMatchRequest(page, 'member1@sandbox.test');
    // Its entrance over (whatever the machine's load made of its 0.35 s), frames of it looked at.
    await toast.evaluate((element) =>
      Promise.all(element.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
    );
    const overlaps = await page.evaluate(
      () => (window as unknown as { toastOverlaps: number[] }).toastOverlaps,
    );
    expect(overlaps.length).toBeGreaterThan(3);
    expect(Math.max(...overlaps)).toBeLessThanOrEqual(0);
  });

  it('leaves the navigation to the member: a click on Messages while it shows opens Messages', async () => {
    const page = await app.newPage({ width: 1280 });
    const toast = await sendMatchRequest(page, 'member3@sandbox.test');
    // Where the member clicks, as a mouse does: whatever is on top there takes it.
    const link = await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Messages' })
      .boundingBox();
    if (!link) throw new Error('no Messages link');
    // In its place, and there for the rest of its 4 s.
    await expect
      .poll(async () => (await toast.boundingBox())?.y ?? 0, { timeout: 3_000 })
      .toBeGreaterThan(link.y + link.height);
    await page.mouse.click(link.x + link.width / 2, link.y + link.height / 2);
    await page.waitForURL((url) => url.pathname === '/messages', { timeout: 5_000 });
  });

  it('moves down with the header when the phone menu opens while it shows', async () => {
    const page = await app.newPage({ width: 375 });
    const toast = await sendMatchRequest(page, 'member2@sandbox.test');
    await page.getByRole('button', { name: 'Menu' }).click();
    const header = page.locator('header').first();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages' }).waitFor();
    const bottom = async () => {
      const box = await header.boundingBox();
      return box ? box.y + box.height : Number.POSITIVE_INFINITY;
    };
    // The open menu makes the header taller than the 61 px it was.
    expect(await bottom()).toBeGreaterThan(100);
    await expect
      .poll(async () => ((await toast.boundingBox())?.y ?? 0) - (await bottom()), { timeout: 3_000 })
      .toBeGreaterThanOrEqual(0);
  });
});
