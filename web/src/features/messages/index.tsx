/**
 * The messages area, shown at /messages and at /match-requests (SPEC.md section 2): the
 * conversations and, beside them on wide screens (instead of them on phones), the open room.
 * Links inside are relative to the area, so both addresses keep working.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Route, Switch, useParams } from 'wouter';
import { EmptyState, NotFound, PageHeading, Spinner } from '../../components/index';
import { PAGE_FRAMES, phoneLayoutClass } from '../../config/page-frames';
import { SCREENS } from '../../config/route-patterns';
import { whenIdle } from '../../lib/idle';
import { lazyScreen, ScreenFallback } from '../../lib/lazy';
import { chatState } from './chat-state';
import { startChat } from './live';
import { RoomFallback } from './room-fallback';
import { RoomsList } from './rooms-list';
import './messages.css';

/**
 * The open room: a chunk of its own (the history and its virtualiser, the composer, the report
 * dialog), which the conversations list does not need (issue 24: 9 of the area's 14 KB brotli
 * were the virtualiser alone). The route table fetches this very module beside the area's chunk
 * on a room's address (`app/routes.ts`, the area's `below`); the list's address leaves it to an
 * idle moment once the list is shown (`useRoomAhead`).
 */
const ChatRoom = lazyScreen(() => import('./room-screen'));
/** For the route table: on a room's address the area renders once the room is here too. */
export const belowScreen = ChatRoom;

/**
 * Once the conversations are shown, the room's chunk is fetched at the browser's next idle moment,
 * so a room opened from the list shows without waiting for it; never before the list's first paint.
 */
function useRoomAhead(listed: boolean): void {
  useEffect(() => {
    if (listed) whenIdle(() => void ChatRoom.preload().catch(() => {}));
  }, [listed]);
}

/** New messages, read politely by screen readers (the history itself is not a live region). */
function Announcer() {
  const { announcement } = useSnapshot(chatState);
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {announcement.text ? <span key={announcement.id}>{announcement.text}</span> : null}
    </div>
  );
}

function MessagesLayout({ roomKey }: { roomKey: string | null }) {
  const snap = useSnapshot(chatState);
  const open = snap.open;
  useRoomAhead(snap.rooms.items.length > 0);
  const frame = roomKey ? PAGE_FRAMES.messages.room : PAGE_FRAMES.messages.rooms;
  return (
    <section className={`page messages${roomKey ? ' messages--room' : ''}${phoneLayoutClass(frame)}`}>
      <PageHeading title={frame.title} lead={frame.lead} namedByScreen={frame.namedByScreen} />
      <div className="messages__layout">
        <nav className="messages__rooms" aria-label="Your conversations">
          <RoomsList activeId={roomKey ? (open?.id ?? roomKey) : null} />
        </nav>
        <div className="messages__room">
          {roomKey ? (
            // While the room's chunk is on its way (a room opened from the list before its idle
            // moment), its place shows what the room shows while its newest page loads, at its height.
            <ScreenFallback
              fallback={
                <RoomFallback>
                  <Spinner label="Loading the conversation" />
                </RoomFallback>
              }
            >
              <ChatRoom roomKey={roomKey} />
            </ScreenFallback>
          ) : (
            <EmptyState title="Choose a conversation">
              <p>Pick a match on the left to read and send messages.</p>
            </EmptyState>
          )}
        </div>
      </div>
      <Announcer />
    </section>
  );
}

function RoomRoute() {
  const { room } = useParams<{ room: string }>();
  return <MessagesLayout roomKey={room ? decodeURIComponent(room) : null} />;
}

const screens = SCREENS.messages;

export default function MessagesArea() {
  // The chat channel's listeners are wired once, before the first screen reads presence.
  useState(startChat);
  return (
    <Switch>
      <Route path={screens.rooms}>
        <MessagesLayout roomKey={null} />
      </Route>
      <Route path={screens.room} component={RoomRoute} />
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}
