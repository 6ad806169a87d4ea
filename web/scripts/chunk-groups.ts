/**
 * Fewer, larger chunks for a signed-in page's first screen (issue 24's chunk waves). Left to
 * itself, Rolldown gives every set of lazy chunks that share modules a chunk of its own: once the
 * main bundle had run, /messages asked for 22 scripts (the SDK's schemas file by file, the client,
 * the state helpers, ...), most of them 0.3-2 KB gzip. `pnpm start` serves HTTP/1.1, where a
 * browser opens at most 6 connections to an origin and sends one request at a time on each, so
 * those 22 cost 4 round trips before user info could go out (Lighthouse's simulated phone: 150 ms
 * each, and each new connection one more for its handshake).
 *
 * Three groups, split by who else loads them so that no anonymous page fetches a byte more than
 * before (the JS budgets of test/app/pages.js-budget and the size check hold that):
 * - `form-kit`: what /account/login shares with signed-in pages (the route patterns, the error
 *   text, the form hook): one request instead of three for the login page too.
 * - `schemas`: zod and the schemas /account/register's form checks (it loaded exactly these, in
 *   three chunks); the other schemas stay out, or the register form would evaluate all of them.
 * - `client`: the SDK client (the factory, with everything it imports that no group above took:
 *   the other schemas, transport, session, realtime, flows, rules) and the app's state helpers a
 *   signed-in screen loads with it. No account page imports any of it statically; an admin loads
 *   it too (the client is theirs as well), which is a few KB of member schemas, and no
 *   back-office module is ever in it (the size check proves that).
 * Everything else (an area's own modules, the features' start-up modules, whose import registers
 * their work and which the route table loads by page and role, the back office's chunks,
 * socket.io and Sentry) keeps the chunk Rolldown gives it. A module a rule names that the main
 * bundle imports stays in the main bundle (its group has the higher priority).
 */
import type { Rolldown } from 'vite';

type Group = Rolldown.CodeSplittingGroup;

const FORM_KIT =
  /[\\/]web[\\/]src[\\/](config[\\/]route-patterns|lib[\\/](error-message|use-form|form-errors))\.ts$/;
const SCHEMAS =
  /[\\/]node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?zod[\\/]|[\\/]sdk[\\/]src[\\/]schemas[\\/](user|tolerant|common)\.ts$/;
const CLIENT =
  /[\\/]web[\\/]src[\\/](lib[\\/]client-factory|state[\\/](remote|prefetched)|features[\\/]messages[\\/]outbox-key)\.ts$|[\\/]sdk[\\/]src[\\/]rules[\\/](?!countr)/;

/** The groups, after the main bundle's own (priority 2). Exported with their rules for the test. */
export const SIGNED_IN_GROUPS: readonly Group[] = [
  { name: 'form-kit', test: FORM_KIT, priority: 1.3 },
  { name: 'schemas', test: SCHEMAS, priority: 1.2 },
  // The client's imports come with it (Rolldown's includeDependenciesRecursively), minus what a
  // group of higher priority took.
  { name: 'client', test: CLIENT, priority: 1.1 },
];
