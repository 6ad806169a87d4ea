/**
 * The messages area against the sandbox, two members in two browser contexts: live chat both ways
 * with typing and read status, text never rendered as HTML, a message sent while the socket is
 * down arriving exactly once, block stopping messages both ways, report, attachments, and the
 * 5,000-message room staying virtualised.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, logIn, screenshots, startApp, type TestApp } from '../harness/browser';

let app: TestApp;
let alice: Page; // member3
let bob: Page; // member4
let roomId: string;

function member(email: string) {
  const user = app.sandbox.world.store.userByEmail(email);
  if (!user) throw new Error(`no sandbox user ${email}`);
  return user;
}

function storedCount(text: string): number {
  return app.sandbox.world.store.messages(roomId).filter((message) => message.message === text).length;
}

beforeAll(async () => {
  app = await startApp();
  const room = app.sandbox.world.store.roomBetween(
    member('member3@sandbox.test').keycloakId,
    member('member4@sandbox.test').keycloakId,
  );
  if (!room) throw new Error('member3 and member4 have no room');
  roomId = room.id;
  alice = await app.newPage();
  bob = await app.newPage({ width: 375 });
  await logIn(alice, 'member3@sandbox.test');
  await logIn(bob, 'member4@sandbox.test');
});
afterAll(async () => {
  await app?.close();
});

function fullName(email: string): string {
  const user = member(email);
  return [user.first_name, user.last_name].filter(Boolean).join(' ');
}
const bobName = () => fullName('member4@sandbox.test');
const aliceName = () => fullName('member3@sandbox.test');

async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

describe('messages', () => {
  it('lists conversations, then two members chat live both ways with typing and read status', async () => {
    await alice.goto('/messages');
    const rooms = alice.getByRole('list', { name: 'Conversations' });
    await rooms.getByRole('link', { name: new RegExp(bobName()) }).waitFor();
    await screenshots(alice, 'messages-rooms');
    expect(await axeViolations(alice)).toEqual([]);

    await rooms.getByRole('link', { name: new RegExp(bobName()) }).click();
    await alice.waitForURL(`**/messages/${roomId}`);
    await bob.goto(`/match-requests/${roomId}`);
    const aliceHistory = alice.getByRole('region', { name: `Messages with ${bobName()}` });
    const bobHistory = bob.getByRole('region', { name: new RegExp(`Messages with ${aliceName()}`) });
    await aliceHistory.waitFor();
    await bobHistory.waitFor();

    // Typing shows on the other side, then the message arrives live.
    await alice.getByRole('textbox', { name: 'Message' }).pressSequentially('Hello Arjun', { delay: 20 });
    await bob.getByText(`${aliceName()} is typing…`).waitFor();
    await alice.getByRole('textbox', { name: 'Message' }).press('Enter');
    await bobHistory.getByText('Hello Arjun').waitFor();
    await expect.poll(() => bob.getByRole('status').filter({ hasText: 'New message from' }).count()).toBe(1);

    // Bob has the room open, so the message is marked read; Alice sees it once Bob is active.
    await bob.getByRole('textbox', { name: 'Message' }).pressSequentially('Hi Aisha', { delay: 20 });
    await alice.getByText(`${bobName()} is typing…`).waitFor();
    await bob.getByRole('textbox', { name: 'Message' }).press('Enter');
    await aliceHistory.getByText('Hi Aisha').waitFor();
    const mine = aliceHistory.getByRole('listitem').filter({ hasText: 'Hello Arjun' });
    await mine.getByText('Read').waitFor();
    expect(storedCount('Hello Arjun')).toBe(1);

    // Text only: markup in a message is shown as written, never rendered.
    const markup = '<img src=x onerror="window.__pwned=1"><b>bold</b>';
    await send(alice, markup);
    await bobHistory.getByText(markup).waitFor();
    expect(await bob.locator('.chat-rows img, .chat-rows b').count()).toBe(0);
    expect(await bob.evaluate(() => 'pwned' in window || '__pwned' in window)).toBe(false);

    await screenshots(alice, 'messages-room');
    await screenshots(bob, 'messages-room-phone');
    expect(await axeViolations(alice)).toEqual([]);
    expect(await axeViolations(bob)).toEqual([]);
  });

  it('a message written while the socket is down waits, then arrives exactly once', async () => {
    const text = `Sent while offline ${Date.now()}`;
    await alice.context().setOffline(true);
    app.sandbox.world.realtime?.disconnectUser(member('member3@sandbox.test').keycloakId);
    await alice.getByText('Connection lost.').waitFor();
    await send(alice, text);
    const pending = alice
      .getByRole('region', { name: `Messages with ${bobName()}` })
      .getByRole('listitem')
      .filter({ hasText: text });
    await pending.getByText('Waiting for the connection…').waitFor();
    expect(storedCount(text)).toBe(0);

    await alice.context().setOffline(false);
    const bobHistory = bob.getByRole('region', { name: new RegExp(`Messages with ${aliceName()}`) });
    await bobHistory.getByText(text).waitFor({ timeout: 20_000 });
    const aliceHistory = alice.getByRole('region', { name: `Messages with ${bobName()}` });
    await aliceHistory
      .getByRole('listitem')
      .filter({ hasText: text })
      .getByText(/^\s*·\s*(Delivered|Sent|Read)$/)
      .waitFor();
    expect(storedCount(text)).toBe(1);
    expect(await bobHistory.getByText(text).count()).toBe(1);
    expect(await aliceHistory.getByRole('listitem').filter({ hasText: text }).count()).toBe(1);
  });

  it('a send whose answer is lost is checked against the room, not sent twice', async () => {
    const text = `Answer lost ${Date.now()}`;
    let lost = 0;
    // The request reaches the sandbox (the message is stored), but the answer never arrives.
    await alice.route('**/api/chats/v2/chats/messages', async (route) => {
      if (route.request().method() !== 'POST' || lost > 0) return route.fallback();
      lost++;
      await route.fetch();
      await route.abort('failed');
    });
    try {
      await send(alice, text);
      await expect.poll(() => storedCount(text)).toBe(1);
      const history = alice.getByRole('region', { name: `Messages with ${bobName()}` });
      const row = history.getByRole('listitem').filter({ hasText: text });
      await row.getByText(/^\s*·\s*(Delivered|Sent|Read)$/).waitFor({ timeout: 20_000 });
      expect(storedCount(text)).toBe(1);
      expect(await row.count()).toBe(1);
      expect(lost).toBe(1);
    } finally {
      await alice.unroute('**/api/chats/v2/chats/messages');
    }
  });

  it('a block stops messages both ways until it is lifted', async () => {
    await alice.getByRole('button', { name: 'Block' }).click();
    await alice.getByRole('button', { name: 'Unblock' }).waitFor();
    await alice.getByText(`You blocked ${bobName()}`).waitFor();
    expect(await alice.getByRole('textbox', { name: 'Message' }).isDisabled()).toBe(true);

    const text = `While blocked ${Date.now()}`;
    await send(bob, text);
    const refused = bob
      .getByRole('region', { name: /Messages with/ })
      .getByRole('listitem')
      .filter({ hasText: text });
    await refused.getByText(/Not sent: .*blocked/i).waitFor();
    expect(storedCount(text)).toBe(0);

    await alice.getByRole('button', { name: 'Unblock' }).click();
    await alice.getByRole('button', { name: 'Block' }).waitFor();
    await refused.getByRole('button', { name: 'Retry' }).click();
    await alice
      .getByRole('region', { name: `Messages with ${bobName()}` })
      .getByText(text)
      .waitFor();
    expect(storedCount(text)).toBe(1);
  });

  it('reports a member with a reason', async () => {
    await alice.getByRole('button', { name: 'Report' }).click();
    const dialog = alice.getByRole('dialog', { name: `Report ${bobName()}` });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText('Choose a reason for the report.').waitFor();
    expect(await axeViolations(alice)).toEqual([]);
    await dialog.getByRole('radio', { name: 'Spam or scam' }).check();
    await dialog.getByLabel('Details (optional)').fill('Asked for money');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await alice.getByText('Thank you. Our team will review your report.').waitFor();
    const reports = app.sandbox.world.store.data.reports.filter(
      (report) => report.reported_id === member('member4@sandbox.test').keycloakId,
    );
    expect(reports.at(-1)?.reason).toBe('Spam or scam: Asked for money');
  });

  it('sends an attachment the other member downloads through the SDK', async () => {
    await alice.locator('input[type="file"]').setInputFiles({
      name: 'hello.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da6364f8ffbf1e000500020180a5b0b90000000049454e44ae426082',
        'hex',
      ),
    });
    const bobHistory = bob.getByRole('region', { name: new RegExp(`Messages with ${aliceName()}`) });
    const download = bobHistory.getByRole('button', { name: /^Download / }).last();
    await download.waitFor();
    const [file] = await Promise.all([bob.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/\S/);
  });

  it('the 5,000-message room loads 20 at a time upward and keeps the DOM bounded', async () => {
    const page = await app.newPage();
    await logIn(page, 'member1@sandbox.test');
    const room = app.sandbox.world.store.roomBetween(
      member('member1@sandbox.test').keycloakId,
      member('member2@sandbox.test').keycloakId,
    );
    await page.goto(`/messages/${room?.id}`);
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
