/**
 * The realtime payloads built from plain values alone: a leaf that imports nothing of the sandbox,
 * so the socket layer and the world-bound payloads (events.ts) can both build on it.
 */

/** What the chat namespace tells a member about one online contact. */
export interface OnlineEntry {
  user_id: string;
  room: string;
  online: boolean;
}

export function activePayload(room: string, userId: string, isTyping: boolean) {
  return { room, user_id: userId, isTyping };
}

export function onlineEntry(userId: string, room: string): OnlineEntry {
  return { user_id: userId, room, online: true };
}

export function tokenExpiredPayload(expiresAt: number) {
  return { message: 'Token expired', expired_at: new Date(expiresAt).toISOString() };
}
