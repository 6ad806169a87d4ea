/**
 * The 5,000-message room (member1 and member2 in the seeded world): history loads 20 at a time
 * upward as the member scrolls, and the virtualised list keeps the DOM bounded; and a room opened
 * on a page load says the connection is lost only once an attempt has failed, not while the
 * chat's first connection is on its way.
 */
import type { WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdIdleCallbacks, releaseIdle, startApp, type TestApp } from '../harness/browser';
import { ENGINE_OPEN } from './chat-network';
import { sandboxUser } from './sandbox-world';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

function memberRoomId(): string {
  const room = app.sandbox.world.store.roomBetween(
    sandboxUser(app, 'member1@sandbox.test').keycloakId,
    sandboxUser(app, 'member2@sandbox.test').keycloakId,
  );
  if (!room) throw new Error('the sandbox has no member1/member2 room');
  return room.id;
}

describe('the 5,000-message room', () => {
  it('asks for older messages only once the first rows are shown, and then as the member scrolls toward them', async () => {
    const page = await app.newPage({ width: 375 });
    await app.signIn(page, 'member1@sandbox.test');
    await holdIdleCallbacks(page);
    const pages: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith(`/rooms/${memberRoomId()}/messages`))
        pages.push(url.searchParams.get('page') ?? '');
    });
    await page.goto(`/messages/${memberRoomId()}`);
    const history = page.getByRole('region', { name: /Messages with/ });
    await history.locator('[data-message-row]').first().waitFor();
    await page.waitForLoadState('networkidle');
    // The room opens at its newest rows: asking for the older page as part of its first look held
    // the room's first paint on a phone behind one more round trip.
    expect(pages).not.toContain('2');
    await releaseIdle(page);
    await page.waitForLoadState('networkidle');
    expect(pages).not.toContain('2');
    await history.evaluate((element) => {
      element.scrollTop = 0;
    });
    await expect.poll(() => pages).toContain('2');
  });

  it("says nothing of a lost connection while the chat's first connection is on its way; a failed attempt says it", async () => {
    const page = await app.newPage({ width: 375 });
    await app.signIn(page, 'member1@sandbox.test');
    // The chat's sockets open but hear nothing yet: their first connection is on its way.
    const held: WebSocketRoute[] = [];
    let failing = false;
    // Engine.io's open packet, then the line drops, as a lost connection would.
    const drop = (socket: WebSocketRoute) => {
      socket.send(ENGINE_OPEN);
      void socket.close();
    };
    await page.routeWebSocket(/\/socket\.io\//, (socket) => {
      if (failing) drop(socket);
      else held.push(socket);
    });
    await page.goto(`/messages/${memberRoomId()}`);
    const history = page.getByRole('region', { name: /Messages with/ });
    await history.locator('[data-message-row]').first().waitFor();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    expect(await page.getByText('Connection lost.').count()).toBe(0);
    // The attempts fail (the held ones, and every one after): now the member is told, and that
    // what they write waits.
    failing = true;
    for (const socket of held.splice(0)) drop(socket);
    await page.getByText('Connection lost.').waitFor();
  });

  it('loads 20 at a time upward and keeps the DOM bounded', async () => {
    const page = await app.newPage();
    await app.signIn(page, 'member1@sandbox.test');
    await page.goto(`/messages/${memberRoomId()}`);
    const history = page.getByRole('region', { name: /Messages with/ });
    await history.locator('[data-message-row]').first().waitFor();
    for (let i = 0; i < 5; i++) {
      const before = await history.locator('li').first().getAttribute('aria-setsize');
      await history.evaluate((element) => {
        element.scrollTop = 0;
      });
      await expect.poll(() => history.locator('li').first().getAttribute('aria-setsize')).not.toBe(before);
    }
    const size = Number(await history.locator('li').first().getAttribute('aria-setsize'));
    expect(size).toBeGreaterThanOrEqual(120);
    expect(await history.locator('[data-message-row]').count()).toBeLessThan(60);
  });
});
