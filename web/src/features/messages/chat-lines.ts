/**
 * One message as the chat shows it, built from either a page of history (`ChatMessage`) or a live
 * `new_message` event (whose fields are all optional). Text stays text: it is rendered as a React
 * string child, never as HTML.
 */
import type { ChatMessage, ChatRoom, NewMessageEvent } from '@matchmaker/sdk/schemas';
import { formatClock, formatMediumDateTime, formatMonthDay } from '../../lib/dates';

export interface ChatLine {
  /** The server's id, or the outbox's local id while a message is not sent yet. */
  key: string;
  id: string | null;
  room: string;
  senderId: string;
  recipientId: string;
  text: string;
  file: string | null;
  /** SENT, DELIVERED or READ from the server; `local` for an outbox entry. */
  status: string;
  /** Milliseconds since the epoch. */
  at: number;
}

/** Seconds or milliseconds, as a number or a numeric string; falls back to `created_at`. */
export function toMillis(unix: number | string | null | undefined, createdAt?: string | null): number {
  const value = typeof unix === 'string' ? Number(unix) : unix;
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
    return value < 1e12 ? value * 1000 : value;
  }
  const parsed = createdAt ? Date.parse(createdAt) : Number.NaN;
  return Number.isNaN(parsed) ? Date.now() : parsed;
}

export function lineFromMessage(message: ChatMessage): ChatLine {
  return {
    key: String(message.id),
    id: String(message.id),
    room: String(message.room),
    senderId: String(message.user_id),
    recipientId: String(message.recipient_id),
    text: message.message,
    file: message.file ?? null,
    status: message.status,
    at: toMillis(message.unix_timestamp, message.created_at),
  };
}

/** A live message, or null when it lacks what the chat needs to place it (id, room, sender). */
export function lineFromEvent(event: NewMessageEvent): ChatLine | null {
  if (event.id == null || event.room == null || event.user_id == null) return null;
  const file = typeof event.file === 'string' ? event.file : null;
  return {
    key: String(event.id),
    id: String(event.id),
    room: String(event.room),
    senderId: String(event.user_id),
    recipientId: event.recipient_id == null ? '' : String(event.recipient_id),
    text: event.message ?? '',
    file,
    status: event.status ?? 'DELIVERED',
    at: toMillis(event.unix_timestamp, event.created_at),
  };
}

/** The other member's name as a room shows it. */
export function roomName(room: Pick<ChatRoom, 'first_name' | 'last_name' | 'username'>): string {
  const name = [room.first_name, room.last_name].filter(Boolean).join(' ');
  return name || room.username || 'A former member';
}

/** The rooms list: the time today, else the day. */
export function formatShort(at: number): string {
  const date = new Date(at);
  return date.toDateString() === new Date().toDateString() ? formatClock(date) : formatMonthDay(date);
}

export function formatTime(at: number): string {
  const date = new Date(at);
  const today = new Date();
  return date.toDateString() === today.toDateString() ? formatClock(date) : formatMediumDateTime(date);
}
