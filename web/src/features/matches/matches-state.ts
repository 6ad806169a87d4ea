/**
 * State of the matches area: one page of recommendations, the match requests (both directions) and
 * the mutual matches, each a Remote load (state/remote.ts). Written only by the actions below;
 * logout clears it (SPEC.md section 4).
 *
 * Answers to recommendations and requests are optimistic: the card shows the decision at once and
 * a failed call puts it back with an error toast. A decision in flight blocks a second one on the
 * same card, so a double click never sends two answers.
 */
import {
  MATCH_REQUEST_PENDING,
  type MatchDecision,
  type MatchRequest,
  type PublicProfileAnswer,
  type Recommendation,
} from '@matchmaker/sdk/schemas';
import { proxy } from 'valtio';
import { getClient } from '../../lib/client';
import { describeError } from '../../lib/error-message';
import { reportError } from '../../lib/report';
import { notify } from '../../lib/toast';
import { idle, load, type Remote, resetRemote, sessionGuard, stored } from '../../state/remote';
import { onSessionEnd } from '../../state/session-end';

export interface RecommendationPage {
  recommendations: Recommendation[];
  page: number;
  total_pages: number;
}

export interface MatchesState {
  recommendations: Remote<RecommendationPage>;
  /** Decisions shown on recommendation cards: set at once, removed again if the call fails. */
  decided: Record<string, MatchDecision>;
  /** Recommendation cards whose answer is on its way. */
  deciding: Record<string, true>;
  requests: Remote<MatchRequest[]>;
  /** Received requests whose answer is on its way. */
  answering: Record<string, true>;
  mutual: Remote<MatchRequest[]>;
}

export const matchesState = proxy<MatchesState>({
  recommendations: idle(),
  decided: {},
  deciding: {},
  requests: idle(),
  answering: {},
  mutual: idle(),
});

/** Forgets everything loaded, and drops answers still on their way. */
export function resetMatches(): void {
  resetRemote(matchesState.recommendations);
  resetRemote(matchesState.requests);
  resetRemote(matchesState.mutual);
  matchesState.decided = {};
  matchesState.deciding = {};
  matchesState.answering = {};
}

onSessionEnd(resetMatches);

/** One page of recommendations; the page shown stays until the asked one arrives. */
export async function loadRecommendations(page: number): Promise<void> {
  const answer = await load(
    matchesState.recommendations,
    async () => {
      const { recommendations, page: shown, total_pages } = await getClient().recommendations.list({ page });
      return { recommendations, page: shown, total_pages };
    },
    { key: `page:${page}`, failure: 'We could not load your recommendations.', report: false },
  );
  if (answer) matchesState.decided = {};
}

/** Accepts or rejects a recommendation; the card shows it at once and rolls back on failure. */
export async function answerRecommendation(item: Recommendation, decision: MatchDecision): Promise<void> {
  const key = String(item.id);
  if (matchesState.deciding[key] || matchesState.decided[key]) return;
  const current = sessionGuard();
  matchesState.deciding[key] = true;
  matchesState.decided[key] = decision;
  try {
    await getClient().recommendations.respond(item.id, { status: decision });
    if (!current()) return;
    // Accepting sends a match request: the sent list is out of date now.
    if (decision === 'ACCEPTED' && matchesState.requests.status !== 'idle') void loadRequests(true);
  } catch (error) {
    if (!current()) return;
    delete matchesState.decided[key];
    reportError(error);
    notify.error(
      describeError(
        error,
        `We could not ${decision === 'ACCEPTED' ? 'accept' : 'reject'} this recommendation.`,
      ),
    );
  } finally {
    if (current()) delete matchesState.deciding[key];
  }
}

/** `fresh` after a change (an answer, a sent request): a read begun before it is not reused. */
export function loadRequests(fresh = false): Promise<unknown> {
  return load(
    matchesState.requests,
    async () =>
      // SPEC.md section 4: only PENDING requests are shown.
      (await getClient().recommendations.listRequests()).requests.filter(
        (request) => request.status === MATCH_REQUEST_PENDING,
      ),
    { refresh: true, fresh, failure: 'We could not load your match requests.', report: false },
  );
}

/** Accepts or rejects a received request: it leaves the list at once and returns if the call fails. */
export async function answerRequest(request: MatchRequest, decision: MatchDecision): Promise<void> {
  const key = String(request.id);
  if (matchesState.answering[key]) return;
  const current = sessionGuard();
  matchesState.answering[key] = true;
  const before = matchesState.requests.data ?? [];
  matchesState.requests.data = stored(before.filter((item) => item.id !== request.id));
  try {
    await getClient().recommendations.updateRequest({ id: request.id, status: decision });
    if (!current()) return;
    notify.success(decision === 'ACCEPTED' ? 'Match request accepted' : 'Match request declined');
    if (decision === 'ACCEPTED') void loadMutual(true);
  } catch (error) {
    if (!current()) return;
    matchesState.requests.data = stored([...before]);
    reportError(error);
    notify.error(describeError(error, 'We could not answer this match request.'));
  } finally {
    if (current()) delete matchesState.answering[key];
  }
}

export function loadMutual(fresh = false): Promise<unknown> {
  return load(matchesState.mutual, async () => (await getClient().recommendations.listMutual()).matches, {
    refresh: true,
    fresh,
    failure: 'We could not load your matches.',
    report: false,
  });
}

/** Sends a match request to `memberId`; resolves true when it was sent. */
export async function sendMatchRequest(memberId: string): Promise<boolean> {
  const current = sessionGuard();
  try {
    await getClient().recommendations.sendRequest({ recipient_id: memberId });
    if (!current()) return false;
    notify.success('Match request sent');
    if (matchesState.requests.status !== 'idle') void loadRequests(true);
    return true;
  } catch (error) {
    if (!current()) return false;
    reportError(error);
    notify.error(describeError(error, 'We could not send the match request.'));
    return false;
  }
}

/** Another member's public profile (a screen of its own, read each time it opens). */
export function loadPublicProfile(id: string, signal: AbortSignal): Promise<PublicProfileAnswer> {
  return getClient().accounts.publicProfile(id, { signal });
}
