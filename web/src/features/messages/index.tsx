/**
 * The messages area, shown at /messages and at /match-requests (SPEC.md section 2): the
 * conversations and, beside them on wide screens (instead of them on phones), the open room.
 * Links inside are relative to the area, so both addresses keep working.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Route, Switch, useParams } from 'wouter';
import { EmptyState, NotFound, PageHeading } from '../../components/index';
import { PAGE_FRAMES } from '../../config/page-frames';
import { SCREENS } from '../../config/route-patterns';
import { ChatRoom } from './chat-room';
import { chatState } from './chat-state';
import { startChat } from './live';
import { RoomsList } from './rooms-list';
import './messages.css';

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
  const open = useSnapshot(chatState).open;
  return (
    <section className={`page messages${roomKey ? ' messages--room' : ''}`}>
      <PageHeading {...PAGE_FRAMES.messages.rooms} />
      <div className="messages__layout">
        <nav className="messages__rooms" aria-label="Your conversations">
          <RoomsList activeId={roomKey ? (open?.id ?? roomKey) : null} />
        </nav>
        <div className="messages__room">
          {roomKey ? (
            <ChatRoom roomKey={roomKey} />
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
