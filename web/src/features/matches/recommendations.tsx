/** Recommendations, 50 a page, each with Accept and Reject buttons (never swipe-only). */
import type { Recommendation } from '@matchmaker/sdk/schemas';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { AppLink, Button, EmptyState, ErrorState, Spinner } from '../../components/index';
import { answerRecommendation, loadRecommendations, matchesState } from './matches-state';
import { displayName, MemberFacts, MemberPhoto, photoOf } from './member-summary';

export function Recommendations() {
  const snap = useSnapshot(matchesState).recommendations;
  useEffect(() => {
    if (matchesState.recommendations.load === 'idle') void loadRecommendations(1);
  }, []);

  if (snap.load === 'idle' || (snap.load === 'loading' && snap.items.length === 0)) {
    return <Spinner label="Loading recommendations" />;
  }
  if (snap.load === 'error') {
    return <ErrorState message={snap.error ?? ''} onRetry={() => void loadRecommendations(snap.page)} />;
  }
  if (snap.items.length === 0) {
    return (
      <EmptyState title="No recommendations right now">
        <p>New members who fit your preferences appear here. Check back soon.</p>
      </EmptyState>
    );
  }
  return (
    <div aria-busy={snap.load === 'loading' || undefined}>
      <ul className="match-grid" aria-label="Recommendations">
        {snap.items.map((item, index) => (
          <RecommendationCard
            key={item.id}
            item={item}
            priority={index < FIRST_ROW}
            decided={snap.decided[String(item.id)]}
            pending={Boolean(snap.pending[String(item.id)])}
          />
        ))}
      </ul>
      {snap.totalPages > 1 ? (
        <nav className="pager" aria-label="Recommendation pages">
          <Button
            variant="secondary"
            disabled={snap.page <= 1 || snap.load === 'loading'}
            onClick={() => void loadRecommendations(snap.page - 1)}
          >
            Previous page
          </Button>
          <span>
            Page {snap.page} of {snap.totalPages}
          </span>
          <Button
            variant="secondary"
            disabled={snap.page >= snap.totalPages || snap.load === 'loading'}
            onClick={() => void loadRecommendations(snap.page + 1)}
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
