/**
 * The calls a signed-in page's first screen waits on, sent before the main bundle has run (issue
 * 24's waterfall). On a phone the main bundle and the SDK's client are about 120 KB of script, and
 * a member page could ask for user info and its first list only once both had loaded and run:
 * about 1 s of Lighthouse's simulated phone after the page had parsed.
 *
 * The signed-in preload script (scripts/serving/signed-in-preload.ts) sends these calls as soon as
 * the page has parsed, on a member or admin page with the access cookie there; the app's client
 * takes each answer as the first attempt of the same call (lib/early-fetch.ts), so the SDK reads,
 * checks and retries it as it does any answer: a refused token is refreshed and the call made
 * again, a failure is the SDK's to report. A call the app does not make (another page's list, a
 * session that ended) is simply never taken.
 *
 * Each entry is a call of the SDK's client, as the feature makes it: the build makes the call on a
 * client that records what it would send (method, address, headers), so the script sends what the
 * SDK would and restates nothing. An entry that stops matching the feature's call costs a request
 * and no more: test/app/signed-in-preload holds /matches and a room to one request per call.
 */
import type { MatchmakerClient } from '@matchmaker/sdk';
import { PATHS } from './paths';
import { SCREENS } from './route-patterns';

/**
 * Where an early call is sent: every member and admin page, or the pages of these patterns. A
 * pattern is a path whose segments are matched one by one, letter case and trailing slashes
 * ignored; a `:name` segment matches any one segment and hands it to the call, decoded.
 */
export type EarlyOn = 'signed-in' | readonly string[];

export interface EarlyCall {
  readonly on: EarlyOn;
  /**
   * Sent only for an address without a query: for a call whose input the screen reads from the
   * query (the back office's filters and page), which the recorded call cannot know.
   */
  readonly onlyWithoutQuery?: boolean;
  /** The call as the app makes it at start-up (the same method, the same input). */
  readonly call: (client: MatchmakerClient, params: Readonly<Record<string, string>>) => Promise<unknown>;
}

const MESSAGING = [PATHS.messages, PATHS.matchRequests];

export const EARLY_CALLS: readonly EarlyCall[] = [
  // The SDK's start-up flow (beginStartup) asks for the user first, on every signed-in page.
  { on: 'signed-in', call: (client) => client.accounts.userInfo() },
  // features/matches/matches-state.ts's first page (loadRecommendations(1)), on /matches itself.
  { on: [PATHS.matches], call: (client) => client.recommendations.list({ page: 1 }) },
  // features/messages/rooms-startup.ts: the conversations (loadRooms) everywhere in the messaging
  // area, and a room's newest page (prefetchNewestPage) in a room.
  {
    on: MESSAGING.flatMap((area) => [area, `${area}/:room`]),
    call: (client) => client.chats.listRooms(),
  },
  {
    on: MESSAGING.map((area) => `${area}/:room`),
    call: (client, { room = '' }) => client.chats.listMessages(room, { page: 1 }),
  },
  // features/admin/admin-startup.ts: the user list's search (prefetchUsers), whose filters and page
  // an address's query gives (users/users-query.ts); without one, the first page unfiltered.
  {
    on: [`${PATHS.admin}${SCREENS.admin.users}`],
    onlyWithoutQuery: true,
    call: (client) => client.admin.searchUsers({ filters: {}, page: 1 }),
  },
];

/**
 * The global the preload script leaves its sent calls in, and lib/early-fetch.ts takes them from
 * (once: it removes it). Not an API: nothing else reads it.
 */
export const EARLY_GLOBAL = '__matchmakerEarly';

/**
 * How long an early answer may wait to be taken, from when its call was sent: the first screen's
 * calls are made within a few seconds even on a slow phone; an answer older than this is stale for
 * a call made now, which then goes to the server.
 */
export const EARLY_MAX_AGE_MS = 20_000;
