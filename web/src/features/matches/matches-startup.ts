/**
 * The matches' start-up: a session that starts on the recommendations asks for their first page
 * beside user info, not after start-up and the area's chunk (issue 24's waterfall: the first
 * card photo is /matches' largest paint). The screen finds the load in flight in the store and
 * does not ask again; the store drops the answer if the session ends first.
 */
import { isDeleted } from '@matchmaker/sdk/rules';
import { onSessionStart } from '../../state/session-start';

onSessionStart(async ({ path, signal, user }) => {
  const pathname = (path.split(/[?#]/)[0] ?? '').toLowerCase().replace(/\/+$/, '');
  if (pathname !== '/matches') return;
  const { loadRecommendations, matchesState, resetMatches } = await import('./matches-state');
  if (signal.aborted || matchesState.recommendations.status !== 'idle') return;
  const [who] = await Promise.all([user.catch(() => null), loadRecommendations(1)]);
  // A deleted account was refused the list and goes to reactivate; once reactivated, the screen
  // loads it afresh rather than showing that refusal.
  if (!signal.aborted && who && isDeleted(who)) resetMatches();
});
