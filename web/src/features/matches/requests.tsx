/** Pending match requests: received ones with Accept and Decline, sent ones waiting for an answer. */
import { userIdOf } from '@matchmaker/sdk/rules';
import type { MatchRequest } from '@matchmaker/sdk/schemas';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { AppLink, Button, EmptyState, ErrorState, Spinner } from '../../components/index';
import { sessionState } from '../../state/session';
import { answerRequest, loadRequests, matchesState } from './matches-state';
import { displayName, MemberFacts, MemberPhoto, photoOf } from './member-summary';

/** Received unless the server says otherwise or the member is its sender. */
function isIncoming(request: MatchRequest, myId: string | null): boolean {
  if (request.direction) return request.direction === 'incoming';
  return String(request.user_id) !== myId;
}

export function MatchRequests() {
  const { requests: snap, answering } = useSnapshot(matchesState);
  // From the app's session state, so a new user (another login in this tab) re-renders the lists.
  const myId = userIdOf(useSnapshot(sessionState).user);
  useEffect(() => {
    void loadRequests();
  }, []);

  if (snap.status === 'idle' || snap.status === 'loading') return <Spinner label="Loading match requests" />;
  if (snap.status === 'error' || !snap.data)
    return <ErrorState message={snap.error ?? ''} onRetry={() => void loadRequests(true)} />;
  const received = snap.data.filter((request) => isIncoming(request, myId));
  const sent = snap.data.filter((request) => !isIncoming(request, myId));
  return (
    <div className="match-requests">
      <section aria-labelledby="requests-received">
        <h2 id="requests-received">Received ({received.length})</h2>
        {received.length === 0 ? (
          <EmptyState title="No requests waiting for you" />
        ) : (
          <ul className="match-list">
            {received.map((request) => (
              <RequestRow
                key={request.id}
                request={request}
                incoming
                pending={Boolean(answering[request.id])}
              />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="requests-sent">
        <h2 id="requests-sent">Sent ({sent.length})</h2>
        {sent.length === 0 ? (
          <EmptyState title="No requests waiting for an answer" />
        ) : (
          <ul className="match-list">
            {sent.map((request) => (
              <RequestRow key={request.id} request={request} incoming={false} pending={false} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function RequestRow({
  request,
  incoming,
  pending,
}: {
  request: MatchRequest;
  incoming: boolean;
  pending: boolean;
}) {
  const profile = request.metaData.profile;
  const name = displayName(profile);
  return (
    <li className="match-row">
      <MemberPhoto src={photoOf(profile, request.metaData.images)} name={name} />
      <div className="match-row__body">
        <p className="match-row__name">
          {profile ? (
            <AppLink href={`/matches/members/${encodeURIComponent(profile.keycloakId)}`}>{name}</AppLink>
          ) : (
            name
          )}
        </p>
        <MemberFacts profile={profile} />
        {request.message ? <p className="match-row__note">“{request.message}”</p> : null}
      </div>
      {incoming ? (
        <div className="match-row__actions">
          <Button
            aria-label={`Accept request from ${name}`}
            disabled={pending}
            onClick={() => void answerRequest(request, 'ACCEPTED')}
          >
            Accept
          </Button>
          <Button
            variant="secondary"
            aria-label={`Decline request from ${name}`}
            disabled={pending}
            onClick={() => void answerRequest(request, 'REJECTED')}
          >
            Decline
          </Button>
        </div>
      ) : (
        <span className="match-row__status">Waiting for an answer</span>
      )}
    </li>
  );
}
