/**
 * Fewer, larger chunks for a signed-in page's first screen (issue 24's chunk waves). Left to
 * itself, Rolldown gives every set of lazy chunks that share modules a chunk of its own: once the
 * main bundle had run, /messages asked for 22 scripts (the SDK's schemas file by file, the client,
 * the state helpers, ...), most of them 0.3-2 KB gzip. `pnpm start` serves HTTP/1.1, where a
 * browser opens at most 6 connections to an origin and sends one request at a time on each, so
 * those 22 cost 4 round trips before user info could go out (Lighthouse's simulated phone: 150 ms
 * each, and each new connection one more for its handshake).
 *
 * Five groups, split by who else loads them so that no anonymous page fetches a byte more than
 * before (the JS budgets of test/app/pages.js-budget and the size check hold that):
 * - `form-kit`: what /account/login shares with signed-in pages (the route patterns, the error
 *   text, the form hook): one request instead of three for the login page too. With them, the
 *   profile's lists (sdk/src/schemas/profile-lists.ts, zod-free, 0.4 KB gzip), whose choices the
 *   register form offers: in a chunk of their own they were one more request on signed-in pages
 *   (the client's rules and user schemas import them), and in the schemas' group they brought the
 *   register form zod and the user schemas (25 KB gzip, a 94 KB chunk whose evaluation was 437 ms
 *   of a traced phone's main thread after the first paint).
 * - `schemas`: zod and the user schemas, which the client and the messaging group share; no
 *   anonymous page loads them before it makes a call. With them, lib/client-schemas.ts, which
 *   lib/client.ts imports before the client: the two chunks then run in two tasks (84 and 59 ms
 *   on a traced phone at 4x) rather than one of 142 ms.
 * - `client`: the SDK client (the factory, with everything it imports that no group above took:
 *   the other schemas, transport, session, realtime, flows, rules) and the app's state helpers a
 *   signed-in screen loads with it. No account page imports any of it statically; an admin loads
 *   it too (the client is theirs as well), which is a few KB of member schemas, and no
 *   back-office module is ever in it (the size check proves that).
 * - `back-office`: the back office's own modules its first screen needs (the user screens, the
 *   shared lists and forms, the calls, its start-up module), in one chunk beside the area's own:
 *   the user list asked for 9 scripts after the main bundle, more than HTTP/1.1's 6 connections
 *   (a second wave, 150 ms on Lighthouse's phone). Its dependencies stay where they are
 *   (`includeDependenciesRecursively: false`): what it shares with members (the dialog, the
 *   dates) would otherwise come into it, and a member's chunk would import the back office's. The
 *   modules only the lazily loaded sections use (the charts, the date range) stay with those.
 *   The area's own module stays out: in the group, Rolldown wrote the area a facade chunk that
 *   exported a name it never defined (a module that does not link). The start-up module is in
 *   it: only an admin, or someone on a back-office page, loads it, and they need the back office.
 * - `messaging`: the messaging area's state and live code (the conversations, the chat channel's
 *   listeners, the outbox, the read receipts, the rooms' start-up module, the SDK's presence, and
 *   the way back to the conversations that a phone's room and its loading place show),
 *   which the area, the room's screen and the start-up module share. Left to itself Rolldown made
 *   them four chunks, so a room asked for 7 scripts after the main bundle, more than HTTP/1.1's 6
 *   connections beside the stylesheet and the first calls; now 5. Only the messaging area and
 *   its start-up modules load it, and its dependencies stay where they are, as the back
 *   office's do (the dates, which the back office shares, stay out of it).
 * Everything else (an area's own modules, the members' start-up modules, whose import registers
 * their work and which the route table loads by page and role, the back office's sections,
 * socket.io and Sentry) keeps the chunk Rolldown gives it. A module a rule names that the main
 * bundle imports stays in the main bundle (its group has the higher priority).
 */
import type { Rolldown } from 'vite';

type Group = Rolldown.CodeSplittingGroup;

const FORM_KIT =
  /[\\/]web[\\/]src[\\/](config[\\/]route-patterns|lib[\\/](error-message|use-form|form-errors))\.ts$|[\\/]sdk[\\/]src[\\/]schemas[\\/]profile-lists\.ts$/;
const SCHEMAS =
  /[\\/]web[\\/]src[\\/]lib[\\/]client-schemas\.ts$|[\\/]node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?zod[\\/]|[\\/]sdk[\\/]src[\\/]schemas[\\/](user|tolerant|common|zod)\.ts$/;
const BACK_OFFICE =
  /[\\/]web[\\/]src[\\/]features[\\/]admin[\\/](admin-startup\.ts|admin-actions\.ts|users[\\/]|lib[\\/](?!(time-chart|date-range|stat-tiles|admin-prefs)\.))/;
const MESSAGING =
  /[\\/]web[\\/]src[\\/]features[\\/]messages[\\/]((chat-state|chat-lines|live|outbox|outbox-store|read-watch|room-actions|rooms-startup|attachments)\.ts|room-fallback\.tsx)$|[\\/]sdk[\\/]src[\\/]realtime[\\/]presence\.ts$/;
const CLIENT =
  /[\\/]web[\\/]src[\\/](lib[\\/]client-factory|state[\\/](remote|prefetched)|features[\\/]messages[\\/]outbox-key)\.ts$|[\\/]sdk[\\/]src[\\/]rules[\\/](?!countr)/;

/** The groups, after the main bundle's own (priority 2). Exported with their rules for the test. */
export const SIGNED_IN_GROUPS: readonly Group[] = [
  { name: 'form-kit', test: FORM_KIT, priority: 1.3 },
  { name: 'schemas', test: SCHEMAS, priority: 1.2 },
  // The client's imports come with it (Rolldown's includeDependenciesRecursively), minus what a
  // group of higher priority took.
  { name: 'client', test: CLIENT, priority: 1.1 },
  // Only the back office's own modules: what it shares with members (the dialog, the dates) stays
  // out, or a member's chunk would import the back office's.
  { name: 'back-office', test: BACK_OFFICE, priority: 1, includeDependenciesRecursively: false },
  { name: 'messaging', test: MESSAGING, priority: 1, includeDependenciesRecursively: false },
];
