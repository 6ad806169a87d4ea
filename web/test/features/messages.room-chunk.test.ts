/**
 * The open room's screen is a chunk of its own (issue 24): the conversations list (/messages,
 * /match-requests) downloads none of it (the history's virtualiser, the composer, the report
 * dialog) before it is shown, and fetches it at the next idle moment after, so a room opened from
 * the list shows without waiting for it. Chunks are told apart by what the build put in them
 * (dist/.vite/chunk-modules.json and Vite's manifest), not by their names.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdIdleCallbacks, logIn, releaseIdle, startApp, type TestApp, WEB_DIST } from '../harness/browser';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const chunkModules: Record<string, Record<string, number>> = JSON.parse(
  readFileSync(join(WEB_DIST, '.vite', 'chunk-modules.json'), 'utf8'),
);
const manifest: Record<string, { file: string }> = JSON.parse(
  readFileSync(join(WEB_DIST, '.vite', 'manifest.json'), 'utf8'),
);

/** The build's file holding a source module (a path below web/, or a package's). */
function fileHolding(module: RegExp): string {
  const files = Object.keys(chunkModules).filter((file) =>
    Object.keys(chunkModules[file] ?? {}).some((id) => module.test(id)),
  );
  if (files.length !== 1) throw new Error(`${module} is in ${files.length} chunks: ${files.join(', ')}`);
  return `/${files[0]}`;
}

/** The room's history (and so the room screen), with its virtualiser. */
const ROOM_CHUNK = fileHolding(/^src\/features\/messages\/message-list\.tsx$/);
const VIRTUAL_CHUNK = fileHolding(/node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?@tanstack\/react-virtual\//);
const AREA_CHUNK = `/${manifest['src/features/messages/index.tsx']?.file ?? 'no area chunk'}`;

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
  await logIn(page, 'member1@sandbox.test');
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

describe("the open room's chunk", () => {
  it('holds the virtualised history, apart from the area', () => {
    expect(VIRTUAL_CHUNK).toBe(ROOM_CHUNK);
    expect(ROOM_CHUNK).not.toBe(AREA_CHUNK);
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

  it('from the list, a room opens without asking for a script once the list has had its idle moment', async () => {
    const { page, scripts } = await member1();
    await openList(page);
    await expect.poll(() => scripts.finished.has(ROOM_CHUNK)).toBe(true);
    const before = new Set(scripts.requested);
    await conversations(page).first().click();
    await firstMessage(page).waitFor();
    expect([...scripts.requested].filter((file) => !before.has(file))).toEqual([]);
  });

  it("from the list before its idle moment: the room's place shows it loading, the list stays, then the room", async () => {
    const { page, scripts } = await member1({ holdIdle: true });
    await openList(page);
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**${ROOM_CHUNK}`, async (route) => {
      await released;
      await route.continue();
    });
    expect(scripts.requested.has(ROOM_CHUNK)).toBe(false);
    await conversations(page).first().click();
    await expect.poll(() => scripts.requested.has(ROOM_CHUNK)).toBe(true);
    const place = page.locator('.messages__room');
    await place.getByRole('status').filter({ hasText: 'Loading the conversation' }).waitFor();
    expect(await conversations(page).count()).toBeGreaterThan(0);
    release();
    await firstMessage(page).waitFor();
  });
});
