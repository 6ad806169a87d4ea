/** The member's conversations: name, photo, last message, unread count, online dot, typing. */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { ButtonLink, EmptyState, ErrorState, Spinner } from '../../components/index';
import { formatShort } from './chat-lines';
import { chatState, loadRooms, myId, type RoomSummary, roomsJustLoaded } from './chat-state';
import { usePresence } from './live';

export function RoomsList({ activeId }: { activeId: string | null }) {
  const snap = useSnapshot(chatState).rooms;
  useEffect(() => {
    // A load in flight (start-up's, when the session started here) is the one shown, and so is
    // an answer that has only just arrived; an older list is refreshed quietly.
    if (chatState.rooms.load === 'loading' || roomsJustLoaded()) return;
    void loadRooms(chatState.rooms.load === 'ready');
  }, []);

  if (snap.load === 'idle' || (snap.load === 'loading' && snap.items.length === 0)) {
    return <Spinner label="Loading conversations" />;
  }
  if (snap.load === 'error')
    return <ErrorState message={snap.error ?? ''} onRetry={() => void loadRooms()} />;
  if (snap.items.length === 0) {
    return (
      <EmptyState
        title="No conversations yet"
        action={<ButtonLink href="/matches/mutual">See your matches</ButtonLink>}
      >
        <p>Once you and a member accept each other, you can talk here.</p>
      </EmptyState>
    );
  }
  return (
    <ul className="rooms" aria-label="Conversations">
      {snap.items.map((room) => (
        <RoomRow key={room.id} room={room} active={room.id === activeId} />
      ))}
    </ul>
  );
}

function RoomRow({ room, active }: { room: RoomSummary; active: boolean }) {
  const { online, isTyping } = usePresence(room);
  const last = room.last;
  const preview = isTyping
    ? 'typing…'
    : last
      ? `${last.senderId === myId() ? 'You: ' : ''}${last.text || (last.file ? 'Attachment' : '')}`
      : 'No messages yet';
  return (
    <li>
      <Link
        href={`/${encodeURIComponent(room.id)}`}
        className={`room${active ? ' room--active' : ''}`}
        aria-current={active ? 'page' : undefined}
      >
        <span className="room__photo">
          {room.photo ? (
            // Lazy: in a room on a phone the list is hidden, and a hidden lazy image is never
            // fetched (seven photos were sharing the line with the room's own chunk).
            <img src={room.photo} alt="" loading="lazy" decoding="async" />
          ) : (
            <span aria-hidden="true">{room.name.slice(0, 1)}</span>
          )}
          {online ? <span className="room__online" aria-hidden="true" /> : null}
        </span>
        <span className="room__body">
          <span className="room__name">
            {room.name}
            <span className="visually-hidden">{online ? ', online' : ', offline'}</span>
            {room.blocked ? <span className="room__blocked"> (blocked)</span> : null}
          </span>
          <span className={`room__preview${isTyping ? ' room__preview--typing' : ''}`}>{preview}</span>
        </span>
        <span className="room__meta">
          {last ? <span className="room__time">{formatShort(last.at)}</span> : null}
          {room.unread > 0 ? (
            <span className="room__unread">
              {room.unread}
              <span className="visually-hidden"> unread</span>
            </span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}
