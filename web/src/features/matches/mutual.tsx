/** Mutual matches, each with a way into the chat with them. */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { AppLink, ButtonLink, EmptyState, ErrorState, Spinner } from '../../components/index';
import { loadMutual, matchesState } from './matches-state';
import { displayName, MemberFacts, MemberPhoto, photoOf } from './member-summary';

export function MutualMatches() {
  const snap = useSnapshot(matchesState).mutual;
  useEffect(() => {
    void loadMutual();
  }, []);
  if (snap.status === 'idle' || snap.status === 'loading') return <Spinner label="Loading your matches" />;
  if (snap.status === 'error' || !snap.data)
    return <ErrorState message={snap.error ?? ''} onRetry={() => void loadMutual(true)} />;
  if (snap.data.length === 0) {
    return (
      <EmptyState title="No mutual matches yet">
        <p>When a member accepts your request, or you accept theirs, you can talk here.</p>
      </EmptyState>
    );
  }
  return (
    <ul className="match-list">
      {snap.data.map((match) => {
        const profile = match.metaData.profile;
        const name = displayName(profile);
        // The chat is addressed by room when there is one, else by the member (the API accepts both).
        const chatKey = match.metaData.room ?? profile?.keycloakId ?? null;
        return (
          <li className="match-row" key={match.id}>
            <MemberPhoto src={photoOf(profile, match.metaData.images)} name={name} />
            <div className="match-row__body">
              <p className="match-row__name">
                {profile ? (
                  <AppLink href={`/matches/members/${encodeURIComponent(profile.keycloakId)}`}>
                    {name}
                  </AppLink>
                ) : (
                  name
                )}
              </p>
              <MemberFacts profile={profile} />
            </div>
            {chatKey !== null ? (
              <div className="match-row__actions">
                <ButtonLink href={`/messages/${encodeURIComponent(String(chatKey))}`}>
                  Message {name}
                </ButtonLink>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
