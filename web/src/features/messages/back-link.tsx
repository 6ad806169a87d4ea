import { Link } from 'wouter';

/**
 * The way back from a room to the conversations on a phone, where the list is hidden while a room
 * is open (messages.css; wider, the list stands beside the room and this is not shown). Its word
 * gives way to an ellipsis, then to the arrow alone, as room runs out; its name stays.
 */
export function BackToConversations() {
  return (
    <Link href="/" className="chat__back" aria-label="Conversations">
      <span aria-hidden="true">←</span> <span className="chat__back-label">Conversations</span>
    </Link>
  );
}
