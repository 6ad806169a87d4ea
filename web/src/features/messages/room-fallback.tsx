import type { ReactNode } from 'react';
import { Link } from 'wouter';

/**
 * The way back from a room to the conversations on a phone, where the list is hidden while a room
 * is open (messages.css; wider, the list stands beside the room and this is not shown). Its word
 * gives way to the arrow alone on the narrowest phones; its name stays.
 */
export function BackToConversations() {
  return (
    <Link href="/" className="chat__back" aria-label="Conversations">
      <span aria-hidden="true">←</span> <span className="chat__back-label">Conversations</span>
    </Link>
  );
}

/**
 * The room's place while its chunk or its newest page loads, or when it failed to open: on a phone,
 * with the way back the hidden list would give.
 */
export function RoomFallback({ children }: { children: ReactNode }) {
  return (
    <div className="chat-fallback">
      <BackToConversations />
      {children}
    </div>
  );
}
