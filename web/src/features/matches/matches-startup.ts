/**
 * The matches' start-up: a session that starts on the recommendations asks for their first page
 * beside user info, not after start-up and the area's chunk (issue 24's waterfall: the first
 * card photo is /matches' largest paint). The screen finds the load in flight in the store and
 * does not ask again; the store drops the answer if the session ends first.
 *
 * The store is imported statically, so the first page is asked for in the same task as user info:
 * behind a dynamic import it went out one task later, which on a phone was after the render that
 * user info's answer starts (one more round trip before the first card's photo). This module is
 * loaded only on /matches (the route table's `early`), so no other page pays for the store.
 */
import { isDeleted } from '@matchmaker/sdk/rules';
import { onRecommendationsPage } from '../../config/startup-paths';
import { onSessionStart } from '../../state/session-start';
import { loadRecommendations, matchesState, resetMatches } from './matches-state';

onSessionStart(async ({ path, signal, user }) => {
  if (!onRecommendationsPage(path) || signal.aborted || matchesState.recommendations.status !== 'idle')
    return;
  const [who] = await Promise.all([user.catch(() => null), loadRecommendations(1)]);
  // A deleted account was refused the list and goes to reactivate; once reactivated, the screen
  // loads it afresh rather than showing that refusal.
  if (!signal.aborted && who && isDeleted(who)) resetMatches();
});
