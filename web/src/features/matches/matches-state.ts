/**
 * State of the matches area: one page of recommendations, the match requests (both directions) and
 * the mutual matches. Written only by the actions below; logout clears it (SPEC.md section 4).
 *
 * Answers to recommendations and requests are optimistic: the card shows the decision at once and
 * a failed call puts it back with an error toast. A decision in flight blocks a second one on the
 * same card, so a double click never sends two answers.
 */
import {
  MATCH_REQUEST_PENDING,
  type MatchDecision,
  type MatchRequest,
  type Recommendation,
} from '@matchmaker/sdk/schemas';
import { proxy, ref } from 'valtio';
import { getClient } from '../../lib/client';
import { describeError } from '../../lib/error-message';
import { reportError } from '../../lib/report';
import { notify } from '../../lib/toast';
import { onSessionEnd } from '../../state/session-end';

export type Load = 'idle' | 'loading' | 'ready' | 'error';

/** API records kept with `ref()`: replaced whole, and snapshots hand out the SDK's own types. */
type Stored<T extends object> = T & { $$valtioSnapshot: T };

export interface MatchesState {
  recommendations: {
    load: Load;
    error: string | null;
    page: number;
    totalPages: number;
    items: Stored<Recommendation[]>;
    /** Decisions shown on cards: set at once, removed again if the call fails. */
    decided: Record<string, MatchDecision>;
    /** Cards whose answer is on its way. */
    pending: Record<string, true>;
  };
  requests: {
    load: Load;
    error: string | null;
    items: Stored<MatchRequest[]>;
    pending: Record<string, true>;
  };
  mutual: { load: Load; error: string | null; items: Stored<MatchRequest[]> };
}

function initial(): MatchesState {
  return {
    recommendations: {
      load: 'idle',
      error: null,
      page: 1,
      totalPages: 1,
      items: ref([]),
      decided: {},
      pending: {},
    },
    requests: { load: 'idle', error: null, items: ref([]), pending: {} },
    mutual: { load: 'idle', error: null, items: ref([]) },
  };
}

export const matchesState = proxy<MatchesState>(initial());

/** Bumped at logout so answers of the ended session are dropped. */
let generation = 0;
/** Bumped by each page load so only the latest page answer lands. */
let pageLoad = 0;

/** Forgets everything loaded, and drops answers still on their way. */
export function resetMatches(): void {
  generation++;
  Object.assign(matchesState, initial());
}

onSessionEnd(resetMatches);

export async function loadRecommendations(page: number): Promise<void> {
  const state = matchesState.recommendations;
  const mine = generation;
  const load = ++pageLoad;
  state.load = 'loading';
  state.error = null;
  try {
    const answer = await getClient().recommendations.list({ page });
    if (mine !== generation || load !== pageLoad) return;
    state.items = ref(answer.recommendations);
    state.page = answer.page;
    state.totalPages = answer.total_pages;
    state.decided = {};
    state.load = 'ready';
  } catch (error) {
    if (mine !== generation || load !== pageLoad) return;
    state.error = describeError(error, 'We could not load your recommendations.');
    state.load = 'error';
  }
}

/** Accepts or rejects a recommendation; the card shows it at once and rolls back on failure. */
export async function answerRecommendation(item: Recommendation, decision: MatchDecision): Promise<void> {
  const state = matchesState.recommendations;
  const key = String(item.id);
  if (state.pending[key] || state.decided[key]) return;
  const mine = generation;
  state.pending[key] = true;
  state.decided[key] = decision;
  try {
    await getClient().recommendations.respond(item.id, { status: decision });
    if (mine !== generation) return;
    // Accepting sends a match request: the sent list is out of date now.
    if (decision === 'ACCEPTED' && matchesState.requests.load !== 'idle') void loadRequests();
  } catch (error) {
    if (mine !== generation) return;
    delete state.decided[key];
    reportError(error);
    notify.error(
      describeError(
        error,
        `We could not ${decision === 'ACCEPTED' ? 'accept' : 'reject'} this recommendation.`,
      ),
    );
  } finally {
    if (mine === generation) delete state.pending[key];
  }
}

export async function loadRequests(): Promise<void> {
  const state = matchesState.requests;
  const mine = generation;
  if (state.load !== 'ready') state.load = 'loading';
  state.error = null;
  try {
    const answer = await getClient().recommendations.listRequests();
    if (mine !== generation) return;
    // SPEC.md section 4: only PENDING requests are shown.
    state.items = ref(answer.requests.filter((request) => request.status === MATCH_REQUEST_PENDING));
    state.load = 'ready';
  } catch (error) {
    if (mine !== generation) return;
    state.error = describeError(error, 'We could not load your match requests.');
    state.load = 'error';
  }
}

/** Accepts or rejects a received request: it leaves the list at once and returns if the call fails. */
export async function answerRequest(request: MatchRequest, decision: MatchDecision): Promise<void> {
  const state = matchesState.requests;
  const key = String(request.id);
  if (state.pending[key]) return;
  const mine = generation;
  state.pending[key] = true;
  const before = [...state.items];
  state.items = ref(before.filter((item) => item.id !== request.id));
  try {
    await getClient().recommendations.updateRequest({ id: request.id, status: decision });
    if (mine !== generation) return;
    notify.success(decision === 'ACCEPTED' ? 'Match request accepted' : 'Match request declined');
    if (decision === 'ACCEPTED') void loadMutual();
  } catch (error) {
    if (mine !== generation) return;
    state.items = ref(before);
    reportError(error);
    notify.error(describeError(error, 'We could not answer this match request.'));
  } finally {
    if (mine === generation) delete state.pending[key];
  }
}

export async function loadMutual(): Promise<void> {
  const state = matchesState.mutual;
  const mine = generation;
  if (state.load !== 'ready') state.load = 'loading';
  state.error = null;
  try {
    const answer = await getClient().recommendations.listMutual();
    if (mine !== generation) return;
    state.items = ref(answer.matches);
    state.load = 'ready';
  } catch (error) {
    if (mine !== generation) return;
    state.error = describeError(error, 'We could not load your matches.');
    state.load = 'error';
  }
}

/** Sends a match request to `memberId`; resolves true when it was sent. */
export async function sendMatchRequest(memberId: string): Promise<boolean> {
  const mine = generation;
  try {
    await getClient().recommendations.sendRequest({ recipient_id: memberId });
    if (mine !== generation) return false;
    notify.success('Match request sent');
    if (matchesState.requests.load !== 'idle') void loadRequests();
    return true;
  } catch (error) {
    if (mine !== generation) return false;
    reportError(error);
    notify.error(describeError(error, 'We could not send the match request.'));
    return false;
  }
}
