/**
 * A room's "online" when a rooms answer and a presence list cross on the way: Alice's list is
 * reloaded (a match accepted) while Bob is offline, Bob comes online before that answer reaches
 * her, and his presence list gets to her first. The answer was computed before he came: the list
 * is the newer news, and the room shows him online.
 *
 * The order is made, not hoped for: Bob's sockets are held until Alice's rooms answer has been
 * computed (and is held in turn), and the answer is let go only once Bob's presence has reached
 * her page. CI saw this order once by chance (messages.live, 1 run in 12).
 */
import type { Page, WebSocketRoute } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describePages, logIn, signal, startApp, type TestApp, WAIT_TEXT } from '../harness/browser';
import { sandboxFullName, sandboxUser } from './sandbox-world';

const ALICE = 'member3@sandbox.test';
const ROOMS_API = /\/api\/chats\/v2\/chats\/rooms\/?(\?|$)/;

let app: TestApp;
let alice: Page;
let bob: Page;

beforeAll(async () => {
  app = await startApp();
  alice = await app.newPage();
  bob = await app.newPage({ width: 375 });
});
afterAll(async () => {
  await app?.close();
});
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') console.error(await describePages([alice, bob], task.name));
});

it('a presence list that reaches the member after a rooms answer was computed stands over that answer', async () => {
  const store = app.sandbox.world.store;
  const aliceId = sandboxUser(app, ALICE).keycloakId;
  // A member Alice asked to match, who has not answered: the seeded world has four per demo member.
  const request = store.data.matchRequests.find(
    (entry) =>
      entry.user_id === aliceId &&
      entry.status === 'PENDING' &&
      !store.roomBetween(aliceId, entry.recipient_id),
  );
  const bobUser = request && store.user(request.recipient_id);
  if (!bobUser) throw new Error('the seeded world has no pending request from member3');
  const bobName = sandboxFullName(app, bobUser.email);

  // Bob's sockets wait until they are let through: he is offline while he accepts.
  const heldSockets: WebSocketRoute[] = [];
  let socketsLetThrough = false;
  await bob.routeWebSocket(/\/socket\.io\//, (socket) => {
    if (socketsLetThrough) socket.connectToServer();
    else heldSockets.push(socket);
  });

  // What Alice's chat channel brings: socket.io letting her in, and Bob's presence naming him.
  const aliceInChat = signal();
  const bobPresence = signal();
  alice.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload !== 'string') return;
      if (/^40\/chat,/.test(payload)) aliceInChat.fire();
      if (payload.includes('"online_chats"') && payload.includes(bobUser.keycloakId)) bobPresence.fire();
    }),
  );
  await logIn(alice, ALICE);
  await alice.goto('/messages');
  const aliceRooms = alice.getByRole('list', { name: 'Conversations' });
  await aliceRooms.getByRole('link').first().waitFor();
  await aliceInChat.done;

  // Alice's first rooms answer that has Bob's room is computed at once (Bob offline) and held.
  const computed = signal();
  const answerHeld = signal();
  const handled = signal();
  let computedOnline: boolean | null = null;
  await alice.route(ROOMS_API, async (route) => {
    try {
      const response = await route.fetch();
      const body = (await response.json()) as { rooms?: { user_id: unknown; online: boolean }[] };
      const room = body.rooms?.find((entry) => String(entry.user_id) === bobUser.keycloakId);
      if (room && computedOnline === null) {
        computedOnline = room.online;
        computed.fire();
        await answerHeld.done;
      }
      await route.fulfill({ response });
    } catch {
      // The page went away first; the test says what it saw.
    } finally {
      if (computedOnline !== null) handled.fire();
    }
  });

  try {
    await logIn(bob, bobUser.email);
    await bob.goto('/matches/requests');
    const accept = bob
      .getByRole('region', { name: /Received/ })
      .getByRole('button', { name: `Accept request from ${sandboxFullName(app, ALICE)}` });
    await accept.click();
    await bob.getByText('Match request accepted').waitFor();

    // The acceptance reaches Alice; her list's reload is computed with Bob offline.
    await computed.done;
    expect(computedOnline).toBe(false);

    // Bob comes online; his presence reaches Alice before her held answer does.
    socketsLetThrough = true;
    for (const socket of heldSockets.splice(0)) socket.connectToServer();
    await bobPresence.done;
    answerHeld.fire();
    await handled.done;

    await aliceRooms.getByRole('link', { name: new RegExp(`${bobName}.*, online`) }).waitFor(WAIT_TEXT);
  } finally {
    answerHeld.fire();
    await alice.unroute(ROOMS_API);
  }
});
