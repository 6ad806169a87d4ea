/**
 * One pair, one story, two browser contexts: new@ (wide screen) and member5 (phone), who are not
 * matched in the seeded world, exchange a match request and accept it; the room then appears for
 * both without a reload, and they chat live both ways with typing and read status. The same pair
 * then goes through the hard cases: text never rendered as HTML, a message written while the socket
 * is down surviving a reload and arriving exactly once, a send whose answer is lost not sent twice
 * (also across a reload), block both ways, report, an image attachment shown inline and
 * downloaded, and logout clearing the stored outbox.
 */
import type { Page, WebSocketRoute } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  describePages,
  logIn,
  screenshots,
  signal,
  startApp,
  type TestApp,
} from '../harness/browser';
import { ENGINE_OPEN } from './chat-network';
import { sandboxFullName, sandboxUser } from './sandbox-world';

let app: TestApp;
let alice: Page; // new@: sends the match request
let bob: Page; // member5: accepts it
let roomId = '';

const ALICE = 'new@sandbox.test';
const BOB = 'member5@sandbox.test';
const MESSAGES_API = '**/api/chats/v2/chats/messages';

const id = (email: string) => sandboxUser(app, email).keycloakId;
const aliceName = () => sandboxFullName(app, ALICE);
const bobName = () => sandboxFullName(app, BOB);
const aliceHistory = () => alice.getByRole('region', { name: `Messages with ${bobName()}` });
const bobHistory = () => bob.getByRole('region', { name: `Messages with ${aliceName()}` });
const row = (page: Page, text: string) =>
  page
    .getByRole('region', { name: /Messages with/ })
    .getByRole('listitem')
    .filter({ hasText: text });

function storedCount(text: string): number {
  return app.sandbox.world.store.messages(roomId).filter((message) => message.message === text).length;
}

async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

/** The member's stored outbox as the page's local storage holds it (null when there is none). */
function storedOutbox(page: Page, email: string): Promise<string | null> {
  const key = `matchmaker.chat-outbox.${id(email)}`;
  return page.evaluate((name) => window.localStorage.getItem(name), key);
}

/**
 * Keeps the page's realtime sockets from reaching the sandbox while HTTP still works, so the page
 * can reload while "offline": the network drops the open socket (as a lost connection would, not
 * a server that closes it on purpose), and every new one is closed as it opens.
 */
/** Sockets an earlier `dropSockets` let through: going offline does not drop these proxied ones. */
const letThrough = new Set<WebSocketRoute>();

async function dropSockets(page: Page): Promise<() => void> {
  let blocked = true;
  await page.routeWebSocket(/\/socket\.io\//, (socket) => {
    if (!blocked) {
      socket.connectToServer();
      letThrough.add(socket);
      socket.onClose(() => letThrough.delete(socket));
      return;
    }
    // Engine.io's open packet, then the line drops: the client retries as after any lost connection.
    socket.send(ENGINE_OPEN);
    socket.close();
  });
  await page.context().setOffline(true);
  for (const socket of letThrough) await socket.close();
  letThrough.clear();
  await page.getByText('Connection lost.').waitFor();
  await page.context().setOffline(false);
  return () => {
    blocked = false;
  };
}

beforeAll(async () => {
  app = await startApp();
  expect(app.sandbox.world.store.roomBetween(id(ALICE), id(BOB))).toBeUndefined();
  alice = await app.newPage();
  bob = await app.newPage({ width: 375 });
  await logIn(alice, ALICE);
  await logIn(bob, BOB);
});
afterAll(async () => {
  await app?.close();
});
// The tests build on each other: the first failure's pages say what went wrong (CI keeps the log).
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') console.error(await describePages([alice, bob], task.name));
});

/**
 * The server has stored alice's message and its answer is on its way (held here). The history's
 * refresh (the member comes back to the tab; the other member reading does the same) brings the
 * stored copy first: it takes the pending row's place, never beside it. Then the answer comes, or
 * is lost (the line drops): either way the message stays once, and is not sent again.
 */
async function copyBeforeTheAnswer(answer: 'arrives' | 'is lost'): Promise<void> {
  const text = `Copy before the answer ${answer} ${Date.now()}`;
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Unrouted while its handler still held the answer, the request would go out again.
  let handled!: () => void;
  const handlerDone = new Promise<void>((resolve) => {
    handled = resolve;
  });
  let sent = 0;
  await alice.route(MESSAGES_API, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    sent++;
    try {
      const response = await route.fetch();
      await held;
      if (answer === 'arrives') await route.fulfill({ response });
      else await route.abort('failed');
    } catch {
      // The page went away first; the test says what it saw.
    } finally {
      handled();
    }
  });
  try {
    await send(alice, text);
    await expect.poll(() => storedCount(text)).toBe(1);
    await alice.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await row(alice, text)
      .getByText(/^(Delivered|Sent|Read)$/)
      .waitFor();
    expect(await row(alice, text).count()).toBe(1);
    release();
    await handlerDone;
    await expect.poll(() => storedOutbox(alice, ALICE)).toBeNull();
    expect(await row(alice, text).count()).toBe(1);
    expect(
      await row(alice, text)
        .getByText(/^(Delivered|Sent|Read)$/)
        .count(),
    ).toBe(1);
    expect(storedCount(text)).toBe(1);
    expect(sent).toBe(1);
  } finally {
    release();
    await Promise.race([handlerDone, alice.waitForTimeout(5_000)]);
    await alice.unroute(MESSAGES_API);
  }
}

describe('one pair, from match request to live chat', () => {
  it('exchange a match request and accept it; the room appears for both without a reload', async () => {
    await alice.goto(`/matches/members/${id(BOB)}`);
    await alice.getByRole('heading', { level: 1, name: new RegExp(bobName()) }).waitFor();
    // Fields and choices read as the profile form labels them ('Never married'), not as stored.
    const marital = alice
      .locator('dt', { hasText: 'Marital history' })
      .locator('xpath=following-sibling::dd[1]');
    expect(await marital.textContent()).toMatch(/^[A-Z][a-z]+(-| )?[a-z ]*$/);
    await screenshots(alice, 'matches-member-profile');
    expect(await axeViolations(alice)).toEqual([]);
    await alice.getByRole('button', { name: 'Send match request' }).click();
    await alice.getByRole('button', { name: 'Match request sent' }).waitFor();

    // Alice waits in her (empty) conversations; from here on neither page is reloaded.
    await alice.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages' }).click();
    await alice.getByText('No conversations yet').waitFor();
    await screenshots(alice, 'messages-empty');

    // Bob's chat channel is let in (socket.io's answer to the namespace's connect) before he
    // accepts: it connects once his first screen is shown and the browser has a moment, which on
    // CI's busy cores came after his click (the room then showed him offline, 1 run in 12: the
    // order messages.presence-order makes on purpose).
    const bobInChat = signal();
    bob.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && /^40\/chat,/.test(payload)) bobInChat.fire();
      }),
    );
    await bob.goto('/matches/requests');
    const received = bob.getByRole('region', { name: /Received/ });
    const accept = received.getByRole('button', { name: `Accept request from ${aliceName()}` });
    await accept.waitFor();
    await bobInChat.done;
    await screenshots(bob, 'matches-requests');
    expect(await axeViolations(bob)).toEqual([]);
    await accept.click();
    await bob.getByText('Match request accepted').waitFor();
    const room = app.sandbox.world.store.roomBetween(id(ALICE), id(BOB));
    if (!room) throw new Error('accepting opened no room');
    roomId = room.id;

    // The acceptance reaches Alice on the notification channel; her list shows the room.
    const aliceRooms = alice.getByRole('list', { name: 'Conversations' });
    await aliceRooms.getByRole('link', { name: new RegExp(bobName()) }).waitFor();
    // Bob has been connected all along: his new room shows him online, though the presence list
    // Alice got before the match could not name him.
    await aliceRooms.getByRole('link', { name: new RegExp(`${bobName()}.*, online`) }).waitFor();
    await screenshots(alice, 'messages-rooms');
    expect(await axeViolations(alice)).toEqual([]);

    // Bob goes on through the app: mutual matches, then the way into the chat.
    await bob.getByRole('link', { name: 'Mutual matches' }).click();
    const message = bob.getByRole('link', { name: `Message ${aliceName()}` });
    await message.waitFor();
    await screenshots(bob, 'matches-mutual');
    await message.click();
    await bobHistory().waitFor();
    await bob.getByRole('link', { name: 'Conversations' }).click();
    await bob
      .getByRole('list', { name: 'Conversations' })
      .getByRole('link', { name: new RegExp(aliceName()) })
      .waitFor();
  });

  it('the pair chats live both ways with typing', async () => {
    await alice
      .getByRole('list', { name: 'Conversations' })
      .getByRole('link', { name: new RegExp(bobName()) })
      .click();
    await bob
      .getByRole('list', { name: 'Conversations' })
      .getByRole('link', { name: new RegExp(aliceName()) })
      .click();
    await aliceHistory().waitFor();
    await bobHistory().waitFor();

    await alice
      .getByRole('textbox', { name: 'Message' })
      .pressSequentially('Hello, nice to match', { delay: 20 });
    await bob.getByText(`${aliceName()} is typing…`).waitFor();
    await alice.getByRole('textbox', { name: 'Message' }).press('Enter');
    await bobHistory().getByText('Hello, nice to match').waitFor();
    await expect.poll(() => bob.getByRole('status').filter({ hasText: 'New message from' }).count()).toBe(1);

    await bob.getByRole('textbox', { name: 'Message' }).pressSequentially('Likewise!', { delay: 20 });
    await alice.getByText(`${bobName()} is typing…`).waitFor();
    await bob.getByRole('textbox', { name: 'Message' }).press('Enter');
    await aliceHistory().getByText('Likewise!').waitFor();
    // Bob had the room open when it arrived: Alice's first message is read.
    await row(alice, 'Hello, nice to match').getByText('Read', { exact: true }).waitFor();
    expect(storedCount('Hello, nice to match')).toBe(1);
    expect(storedCount('Likewise!')).toBe(1);
    // Typing came and went; neither has left, so each still sees the other online.
    await alice.getByText('Online', { exact: true }).waitFor();
    await bob.getByText('Online', { exact: true }).waitFor();
  });

  it('read status reaches the sender promptly, without a reload or any activity of the reader', async () => {
    // Bob steps out to the list; Alice writes; Bob opens the room later and does nothing else.
    await bob.getByRole('link', { name: 'Conversations' }).click();
    const text = `Are you there? ${Date.now()}`;
    await send(alice, text);
    await row(alice, text).getByText('Delivered', { exact: true }).waitFor();
    const bobRoom = bob
      .getByRole('list', { name: 'Conversations' })
      .getByRole('link', { name: new RegExp(aliceName()) });
    await bobRoom.getByText('1 unread').waitFor();
    await bobRoom.click();
    await bobHistory().getByText(text).waitFor();

    // No socket event carries read status: the sender's open room asks again, soon and backing off.
    await row(alice, text).getByText('Read', { exact: true }).waitFor({ timeout: 10_000 });
    await alice
      .getByRole('status')
      .filter({ hasText: `${bobName()} read your message` })
      .waitFor();
    expect(app.sandbox.world.store.messages(roomId).find((m) => m.message === text)?.status).toBe('READ');

    const markup = '<img src=x onerror="window.__pwned=1"><b>bold</b>';
    await send(alice, markup);
    await bobHistory().getByText(markup).waitFor();
    expect(await bob.locator('.chat-rows img, .chat-rows b').count()).toBe(0);
    expect(await bob.evaluate(() => 'pwned' in window || '__pwned' in window)).toBe(false);

    await screenshots(alice, 'messages-room');
    await screenshots(bob, 'messages-room-phone');
    expect(await axeViolations(alice)).toEqual([]);
    expect(await axeViolations(bob)).toEqual([]);
  });

  it('a message written while the socket is down survives a reload and arrives exactly once', async () => {
    const text = `Written offline ${Date.now()}`;
    const restore = await dropSockets(alice);
    await send(alice, text);
    await row(alice, text).getByText('Waiting for the connection…').waitFor();
    expect(await storedOutbox(alice, ALICE)).toContain(text);

    await alice.reload();
    await row(alice, text).getByText('Waiting for the connection…').waitFor();
    await screenshots(alice, 'messages-room-offline');
    expect(storedCount(text)).toBe(0);

    restore();
    await bobHistory().getByText(text).waitFor({ timeout: 20_000 });
    await row(alice, text)
      .getByText(/^(Delivered|Sent|Read)$/)
      .waitFor();
    expect(storedCount(text)).toBe(1);
    expect(await bobHistory().getByText(text).count()).toBe(1);
    expect(await row(alice, text).count()).toBe(1);
    await expect.poll(() => storedOutbox(alice, ALICE)).toBeNull();
  });

  it('a message kept offline is sent on reconnect after a reload onto another page', async () => {
    const text = `Kept while away ${Date.now()}`;
    const restore = await dropSockets(alice);
    await send(alice, text);
    await row(alice, text).getByText('Waiting for the connection…').waitFor();
    const room = new URL(alice.url()).pathname;

    // The member reloads elsewhere: Messages is not opened again, the message still goes out.
    await alice.goto('/matches');
    await alice.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(storedCount(text)).toBe(0);
    restore();
    await bobHistory().getByText(text).waitFor({ timeout: 20_000 });
    await expect.poll(() => storedOutbox(alice, ALICE), { timeout: 10_000 }).toBeNull();
    expect(storedCount(text)).toBe(1);

    await alice.goto(room);
    await row(alice, text)
      .getByText(/^(Delivered|Sent|Read)$/)
      .waitFor();
    expect(await row(alice, text).count()).toBe(1);
  });

  it('a send whose answer is lost is looked up, not repeated, even after a reload', async () => {
    // First without a reload: the answer fails, the retry finds the stored copy.
    const lostText = `Answer lost ${Date.now()}`;
    let lost = 0;
    await alice.route(MESSAGES_API, async (route) => {
      if (route.request().method() !== 'POST' || lost > 0) return route.fallback();
      lost++;
      await route.fetch();
      await route.abort('failed');
    });
    try {
      await send(alice, lostText);
      await row(alice, lostText)
        .getByText(/^(Delivered|Sent|Read)$/)
        .waitFor({ timeout: 20_000 });
      expect(storedCount(lostText)).toBe(1);
      expect(await row(alice, lostText).count()).toBe(1);
    } finally {
      await alice.unroute(MESSAGES_API);
    }

    // Then the page reloads while the send is in flight (it reached the server, no answer yet).
    const text = `Reloaded mid-send ${Date.now()}`;
    let answer!: () => void;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let sent = 0;
    await alice.route(MESSAGES_API, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      sent++;
      await route.fetch();
      await held;
      await route.abort('failed').catch(() => {});
    });
    try {
      await send(alice, text);
      await expect.poll(() => storedCount(text)).toBe(1);
      expect(await storedOutbox(alice, ALICE)).toContain('"state":"sending"');
      await alice.reload();
      await row(alice, text)
        .getByText(/^(Delivered|Sent|Read)$/)
        .waitFor({ timeout: 20_000 });
      await expect.poll(() => storedOutbox(alice, ALICE)).toBeNull();
      expect(storedCount(text)).toBe(1);
      expect(sent).toBe(1);
      expect(await row(alice, text).count()).toBe(1);
    } finally {
      answer();
      await alice.unroute(MESSAGES_API);
    }
  });

  it("a send still waiting for its answer shows once when the room's history brings its copy first", async () => {
    await copyBeforeTheAnswer('arrives');
  });

  it('a send whose history copy came first, and whose answer is then lost, stays once and is not sent again', async () => {
    await copyBeforeTheAnswer('is lost');
  });

  it('a block stops messages both ways until it is lifted', async () => {
    await alice.getByRole('button', { name: 'Block' }).click();
    await alice.getByRole('button', { name: 'Unblock' }).waitFor();
    await alice.getByText(`You blocked ${bobName()}`).waitFor();
    expect(await alice.getByRole('textbox', { name: 'Message' }).isDisabled()).toBe(true);

    const text = `While blocked ${Date.now()}`;
    await send(bob, text);
    await row(bob, text)
      .getByText(/Not sent: .*blocked/i)
      .waitFor();
    expect(storedCount(text)).toBe(0);

    await alice.getByRole('button', { name: 'Unblock' }).click();
    await alice.getByRole('button', { name: 'Block' }).waitFor();
    await row(bob, text).getByRole('button', { name: 'Retry' }).click();
    await aliceHistory().getByText(text).waitFor();
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
    const reports = app.sandbox.world.store.data.reports.filter((report) => report.reported_id === id(BOB));
    expect(reports.at(-1)?.reason).toBe('Spam or scam: Asked for money');
  });

  it('a refused report keeps the dialog open with each error where the form shows it', async () => {
    const filed = app.sandbox.world.store.data.reports.length;
    await alice.route('**/reports/reports', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'Validation failed',
          errors: [
            { path: 'body.reason', message: 'This reason was refused.' },
            { path: 'body.reported_user_id', message: 'This member cannot be reported.' },
          ],
        }),
      }),
    );
    await alice.getByRole('button', { name: 'Report' }).click();
    const dialog = alice.getByRole('dialog', { name: `Report ${bobName()}` });
    await dialog.getByRole('radio', { name: 'Fake profile' }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    // The reason's error under the reasons; the field the dialog does not show, at its top.
    await dialog.getByText('This reason was refused.').waitFor();
    await dialog.getByText('This member cannot be reported.').waitFor();
    expect(await dialog.getByRole('group').getAttribute('aria-describedby')).toBeTruthy();
    expect(await dialog.getByRole('radio', { name: 'Fake profile' }).isChecked()).toBe(true);
    expect(app.sandbox.world.store.data.reports.length).toBe(filed);
    await alice.unroute('**/reports/reports');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('an image attachment shows inline for both and downloads through the SDK', async () => {
    // A 96x64 PNG drawn by the browser itself.
    const base64 = await alice.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 96;
      canvas.height = 64;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d canvas');
      context.fillStyle = '#2f4a7a';
      context.fillRect(0, 0, 96, 64);
      context.fillStyle = '#b7862f';
      context.fillRect(24, 16, 48, 32);
      return canvas.toDataURL('image/png').split(',')[1] ?? '';
    });
    const files = () => Object.keys(app.sandbox.world.store.data.chatFiles);
    const before = new Set(files());
    await alice.locator('input[type="file"]').setInputFiles({
      name: 'sunset.png',
      mimeType: 'image/png',
      buffer: Buffer.from(base64, 'base64'),
    });
    await expect.poll(() => files().filter((name) => !before.has(name)).length).toBe(1);
    const filename = files().find((name) => !before.has(name)) ?? '';

    for (const page of [alice, bob]) {
      const image = page.getByRole('img', { name: `Photo: ${filename}` });
      await image.waitFor();
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
        .toBe(96);
      expect(await image.getAttribute('src')).toMatch(/^blob:/);
    }
    await screenshots(bob, 'messages-room-attachment');
    expect(await axeViolations(bob)).toEqual([]);

    const download = bobHistory().getByRole('button', { name: `Download ${filename}` });
    const [file] = await Promise.all([bob.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe(filename);

    // Leaving the room revokes the object URLs it showed.
    const src = (await bob.getByRole('img', { name: `Photo: ${filename}` }).getAttribute('src')) ?? '';
    await bob.getByRole('link', { name: 'Conversations' }).click();
    await bob.getByRole('list', { name: 'Conversations' }).waitFor();
    // Loaded as an image: the CSP (connect-src) refuses any fetch of a blob: URL, revoked or not.
    const status = await bob.evaluate(
      (url) =>
        new Promise<string>((resolve) => {
          const probe = new Image();
          probe.onload = () => resolve('alive');
          probe.onerror = () => resolve('revoked');
          probe.src = url;
        }),
      src,
    );
    expect(status).toBe('revoked');
  });

  it('logout clears the stored outbox: nothing written before it is sent after it', async () => {
    const text = `Never sent ${Date.now()}`;
    const restore = await dropSockets(alice);
    await send(alice, text);
    await row(alice, text).getByText('Waiting for the connection…').waitFor();
    expect(await storedOutbox(alice, ALICE)).toContain(text);

    await alice.getByRole('button', { name: 'Log out' }).click();
    await alice.waitForURL('**/account/login**');
    expect(await storedOutbox(alice, ALICE)).toBeNull();
    restore();

    await app.signIn(alice, ALICE);
    await alice.goto(`/messages/${roomId}`);
    await aliceHistory().waitFor();
    await alice.getByText('Connection lost.').waitFor({ state: 'detached' });
    expect(await row(alice, text).count()).toBe(0);
    expect(await storedOutbox(alice, ALICE)).toBeNull();
    expect(storedCount(text)).toBe(0);
  });
});
