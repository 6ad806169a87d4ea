/**
 * The open room's screen is a chunk of its own (issue 24): the conversations list (/messages,
 * /match-requests) downloads none of it (the history, the composer, the report dialog) before it
 * is shown, and fetches it at the next idle moment after, so a room opened from
 * the list shows without waiting for it; a page loaded on a room asks for it beside the area's
 * chunk (the route table's `below`), not once that chunk has run. Chunks are told apart by what
 * the build put in them (dist/.vite/chunk-modules.json and Vite's manifest), not by their names.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditedPages } from '../harness/audited-pages';
import {
  holdIdleCallbacks,
  holdRequests,
  releaseIdle,
  startApp,
  type TestApp,
  WEB_DIST,
  waitUntil,
} from '../harness/browser';
import { chunkModules, fileHolding } from '../harness/build-chunks';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const manifest: Record<string, { file: string }> = JSON.parse(
  readFileSync(join(WEB_DIST, '.vite', 'manifest.json'), 'utf8'),
);

/** The room's history (and so the room screen). */
const ROOM_CHUNK = fileHolding(/^src\/features\/messages\/message-list\.tsx$/);
/** The history's virtualised rows, which a room fetches once it is shown (messages.history). */
const VIRTUAL_CHUNK = fileHolding(/node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?@tanstack\/react-virtual\//);
const AREA_CHUNK = `/${manifest['src/features/messages/index.tsx']?.file ?? 'no area chunk'}`;
/** Every file holding a module of the messaging area's screens (not its start-up modules). */
const MESSAGING_FILES = new Set(
  Object.entries(chunkModules())
    .filter(([, modules]) =>
      Object.keys(modules).some(
        (id) => id.startsWith('src/features/messages/') && !id.endsWith('-startup.ts'),
      ),
    )
    .map(([file]) => `/${file}`),
);

type Scripts = { requested: Set<string>; finished: Set<string> };

/** The scripts (their paths) the page asks for, and those that have arrived, from now on. */
function watchScripts(page: Page): Scripts {
  const seen = { requested: new Set<string>(), finished: new Set<string>() };
  page.on('request', (request) => {
    if (request.resourceType() === 'script') seen.requested.add(new URL(request.url()).pathname);
  });
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') seen.finished.add(new URL(request.url()).pathname);
  });
  return seen;
}

/** member1, logged in on a page of their own; its idle callbacks held when asked. */
async function member1({ holdIdle = false } = {}): Promise<{ page: Page; scripts: Scripts }> {
  const page = await app.newPage();
  await app.signIn(page, 'member1@sandbox.test');
  if (holdIdle) await holdIdleCallbacks(page);
  return { page, scripts: watchScripts(page) };
}

const conversations = (page: Page) => page.getByRole('list', { name: 'Conversations' }).getByRole('link');

/** Opens /messages and waits for the conversations. */
async function openList(page: Page): Promise<void> {
  await page.goto('/messages');
  await conversations(page).first().waitFor();
}

const firstMessage = (page: Page) => page.locator('[data-message-row]').first();

/** Opens member1's room with member2 (the 5,000-message one) and waits for its first message. */
async function openRoom(page: Page): Promise<void> {
  await page.goto(auditedPages(app.sandbox).find((audited) => audited.name === 'chat room 5000')?.path ?? '');
  await firstMessage(page).waitFor();
}

describe("the open room's chunk", () => {
  it("holds the room's history, apart from the area and from the history's virtualiser", () => {
    expect(ROOM_CHUNK).not.toBe(AREA_CHUNK);
    expect(VIRTUAL_CHUNK).not.toBe(ROOM_CHUNK);
    expect(VIRTUAL_CHUNK).not.toBe(AREA_CHUNK);
  });

  it('/messages: is not asked for before the conversations are shown, and is at the next idle moment', async () => {
    const { page, scripts } = await member1({ holdIdle: true });
    await openList(page);
    await page.waitForLoadState('networkidle');
    expect(scripts.requested.has(AREA_CHUNK)).toBe(true);
    expect(scripts.requested.has(ROOM_CHUNK)).toBe(false);
    await releaseIdle(page);
    await expect.poll(() => scripts.requested.has(ROOM_CHUNK)).toBe(true);
  });

  it('a room: is asked for beside the area chunk, while that chunk is still on its way', async () => {
    expect(ROOM_CHUNK).not.toBe(AREA_CHUNK);
    const { page, scripts } = await member1();
    const area = { held: false, met: false };
    await page.route(`**${AREA_CHUNK}`, async (route) => {
      area.held = true;
      area.met = await waitUntil(() => scripts.requested.has(ROOM_CHUNK));
      await route.continue();
    });
    await openRoom(page);
    expect(area).toEqual({ held: true, met: true });
  });

  it("a room whose chunk comes after the area's: the page keeps its frame until both are here, then shows them together", async () => {
    const { page, scripts } = await member1();
    let userInfo = false;
    page.on('requestfinished', (request) => {
      if (request.url().endsWith('/api/usermgmt/v2/accounts/user/info')) userInfo = true;
    });
    const room = { held: false, areaFirst: false, frameOnly: false };
    await page.route(`**${ROOM_CHUNK}`, async (route) => {
      room.held = true;
      room.areaFirst = await waitUntil(() => scripts.finished.has(AREA_CHUNK) && userInfo);
      // Time for the area to render, were it to render without its room.
      await new Promise((resolve) => setTimeout(resolve, 500));
      room.frameOnly = await page.evaluate(
        () =>
          document.querySelector('.messages') === null &&
          document.querySelector('h1')?.textContent === 'Messages',
      );
      await route.continue();
    });
    await openRoom(page);
    expect(room).toEqual({ held: true, areaFirst: true, frameOnly: true });
  });

  it("a room whose chunk comes before the area's: the room renders with the area, with no wait for its chunk between", async () => {
    const { page, scripts } = await member1();
    // Each loading state added in the room's place before its first message: the room's own
    // (while its newest page is read), and before it the place's fallback if the room's chunk
    // was not in hand when the area rendered (React then holds the room back up to 300 ms).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { roomLoadingStates: string[] }).roomLoadingStates = seen;
      new MutationObserver((records) => {
        if (document.querySelector('[data-message-row]')) return;
        for (const record of records)
          for (const node of record.addedNodes) {
            if (!(node instanceof HTMLElement)) continue;
            const added = [node, ...node.querySelectorAll('*')];
            for (const element of added)
              if (element.matches('.messages__room .state--loading')) seen.push(element.textContent ?? '');
          }
      }).observe(document, { childList: true, subtree: true });
    });
    const area = { held: false, met: false };
    await page.route(`**${AREA_CHUNK}`, async (route) => {
      area.held = true;
      area.met = await waitUntil(() => scripts.finished.has(ROOM_CHUNK));
      // Time for the room's module to run once its imports are here.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await openRoom(page);
    expect(area).toEqual({ held: true, met: true });
    const seen = await page.evaluate(
      () => (window as unknown as { roomLoadingStates: string[] }).roomLoadingStates,
    );
    expect(seen).toEqual(['Loading the conversation…']);
  });

  it('from the list, a room opens without asking for a script once the list has had its idle moment', async () => {
    const { page, scripts } = await member1();
    await openList(page);
    await expect.poll(() => scripts.finished.has(ROOM_CHUNK)).toBe(true);
    const before = new Set(scripts.requested);
    await conversations(page).first().click();
    await firstMessage(page).waitFor();
    // None of the area's screens' (the page's own later work, such as the member start-up modules
    // and socket.io's chunk once the screen is shown, may still come on a slow machine, and so may
    // the history's virtualised rows, which the room fetches once it is shown).
    expect(
      [...scripts.requested].filter(
        (file) => !before.has(file) && MESSAGING_FILES.has(file) && file !== VIRTUAL_CHUNK,
      ),
    ).toEqual([]);
  });

  it("from the list before its idle moment: the room's place shows it loading, the list stays, then the room", async () => {
    const { page, scripts } = await member1({ holdIdle: true });
    await openList(page);
    const hold = await holdRequests(page, `**${ROOM_CHUNK}`);
    expect(scripts.requested.has(ROOM_CHUNK)).toBe(false);
    await conversations(page).first().click();
    await expect.poll(() => scripts.requested.has(ROOM_CHUNK)).toBe(true);
    const place = page.locator('.messages__room');
    await place.getByRole('status').filter({ hasText: 'Loading the conversation' }).waitFor();
    expect(await conversations(page).count()).toBeGreaterThan(0);
    hold.release();
    await firstMessage(page).waitFor();
  });

  it("a room on a phone fetches none of the conversations' photos: the list is hidden there", async () => {
    const page = await app.newPage({ width: 375 });
    // Signed in with cookies: after the login form, the landing page's photos could still be on
    // their way when the count starts (12 of them in a run on a loaded machine).
    await app.signIn(page, 'member1@sandbox.test');
    const images: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') images.push(new URL(request.url()).pathname);
    });
    await openRoom(page);
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('navigation', { name: 'Your conversations' }).isVisible()).toBe(false);
    // Only the open room's member, in its header.
    const header = await page.locator('.chat__photo').getAttribute('src');
    expect(images).toEqual([new URL(header ?? '', app.url).pathname]);
  });
});
