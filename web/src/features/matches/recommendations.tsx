/** Recommendations, 50 a page, each with Accept and Reject buttons (never swipe-only). */
import type { Recommendation } from '@matchmaker/sdk/schemas';
import { useDeferredValue, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { AppLink, Button, EmptyState, ErrorState, Spinner } from '../../components/index';
import { answerRecommendation, loadRecommendations, matchesState } from './matches-state';
import { displayName, MemberFacts, MemberPhoto, photoOf } from './member-summary';

export function Recommendations() {
  const { recommendations: snap, decided, deciding } = useSnapshot(matchesState);
  useEffect(() => {
    // A load already begun (by start-up, or an earlier visit) is shown as it lands, not repeated.
    if (matchesState.recommendations.status === 'idle') void loadRecommendations(1);
  }, []);

  const items = snap.data?.recommendations ?? [];
  const page = snap.data?.page ?? 1;
  const totalPages = snap.data?.total_pages ?? 1;

  if (snap.status === 'idle' || (snap.status === 'loading' && items.length === 0)) {
    return <Spinner label="Loading recommendations" />;
  }
  if (snap.status === 'error') {
    return <ErrorState message={snap.error ?? ''} onRetry={() => void loadRecommendations(page)} />;
  }
  if (items.length === 0) {
    return (
      <EmptyState title="No recommendations right now">
        <p>New members who fit your preferences appear here. Check back soon.</p>
      </EmptyState>
    );
  }
  return (
    <div aria-busy={snap.status === 'loading' || undefined}>
      <RecommendationGrid items={items} decided={decided} deciding={deciding} />
      {totalPages > 1 ? (
        <nav className="pager" aria-label="Recommendation pages">
          <Button
            variant="secondary"
            disabled={page <= 1 || snap.status === 'loading'}
            onClick={() => void loadRecommendations(page - 1)}
          >
            Previous page
          </Button>
          <span>
            Page {page} of {totalPages}
          </span>
          <Button
            variant="secondary"
            disabled={page >= totalPages || snap.status === 'loading'}
            onClick={() => void loadRecommendations(page + 1)}
          >
            Next page
          </Button>
        </nav>
      ) : null}
    </div>
  );
}

/** Cards in the first row of the widest grid (4 columns at 1280 px): one of them is the LCP. */
const FIRST_ROW = 4;

/**
 * Cards in the list's first render: a phone's screen shows 2, the widest grid 3 rows of 4. The
 * rest follow in a render React runs as a transition, in slices between which the browser paints
 * and answers input: at once, 50 cards were one task of 120-140 ms on Lighthouse's 4x-slowed phone.
 */
const FIRST_BATCH = 12;

function RecommendationGrid({
  items,
  decided,
  deciding,
}: {
  items: readonly Recommendation[];
  decided: Readonly<Record<string, string>>;
  deciding: Readonly<Record<string, boolean>>;
}) {
  // The first value when the list first shows; a later page's cards come all at once.
  const shown = useDeferredValue(items.length, Math.min(items.length, FIRST_BATCH));
  return (
    <ul className="match-grid" aria-label="Recommendations">
      {items.slice(0, shown).map((item, index) => (
        <RecommendationCard
          key={item.id}
          item={item}
          priority={index < FIRST_ROW}
          decided={decided[String(item.id)]}
          pending={Boolean(deciding[String(item.id)])}
        />
      ))}
    </ul>
  );
}

function RecommendationCard({
  item,
  priority,
  decided,
  pending,
}: {
  item: Recommendation;
  priority: boolean;
  decided: string | undefined;
  pending: boolean;
}) {
  const profile = item.metaData.profile;
  const name = displayName(profile);
  const memberId = profile?.keycloakId ?? String(item.recipient_id);
  return (
    <li className="match-card" aria-label={name}>
      <MemberPhoto src={photoOf(profile, item.metaData.images)} name={name} priority={priority} />
      <div className="match-card__body">
        <h2 className="match-card__name">
          {profile ? (
            <AppLink href={`/matches/members/${encodeURIComponent(memberId)}`}>{name}</AppLink>
          ) : (
            name
          )}
        </h2>
        <MemberFacts profile={profile} />
        {decided ? (
          <p className={`match-card__result match-card__result--${decided.toLowerCase()}`} role="status">
            {decided === 'ACCEPTED' ? 'Accepted: match request sent' : 'Rejected'}
          </p>
        ) : (
          <div className="match-card__actions">
            <Button
              aria-label={`Accept ${name}`}
              disabled={pending}
              onClick={() => void answerRecommendation(item, 'ACCEPTED')}
            >
              Accept
            </Button>
            <Button
              variant="secondary"
              aria-label={`Reject ${name}`}
              disabled={pending}
              onClick={() => void answerRecommendation(item, 'REJECTED')}
            >
              Reject
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}
