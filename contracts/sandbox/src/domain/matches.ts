/**
 * Match requests: sending one (or accepting the other member's pending one, which makes the match
 * mutual), and answering one. Acceptance opens the chat room and notifies the sender.
 */

import type { World } from '../core/world';
import { conflict, notAllowed, notFound, notYourself } from '../http/api-error';
import type { Decision, MatchRequestRecord, UserRecord } from '../state/types';
import { notify } from './notify';

export function findBetween(world: World, a: string, b: string): MatchRequestRecord | undefined {
  return world.store.data.matchRequests.findLast(
    (request) =>
      ((request.user_id === a && request.recipient_id === b) ||
        (request.user_id === b && request.recipient_id === a)) &&
      request.status !== 'REJECTED',
  );
}

export function sendMatchRequest(
  world: World,
  baseUrl: string,
  sender: UserRecord,
  recipientId: string,
  message: string | null,
): MatchRequestRecord {
  const recipient = world.store.user(recipientId);
  if (!recipient || recipient.is_deleted) throw notFound('Member');
  if (recipient === sender) throw notYourself('You cannot send a match request to yourself');
  if (
    world.store.isBlocked(recipient.keycloakId, sender.keycloakId) ||
    world.store.isBlocked(sender.keycloakId, recipient.keycloakId)
  ) {
    throw notAllowed('This member is blocked');
  }
  const existing = findBetween(world, sender.keycloakId, recipient.keycloakId);
  if (existing?.status === 'ACCEPTED') throw conflict('You are already matched with this member');
  if (existing?.status === 'PENDING') {
    if (existing.user_id === sender.keycloakId)
      throw conflict('A match request to this member is already pending');
    // They asked first: asking back is the same as accepting.
    return decide(world, baseUrl, recipient, existing, 'ACCEPTED', sender);
  }
  const now = world.nowIso();
  const request: MatchRequestRecord = {
    id: world.store.nextId('mr'),
    user_id: sender.keycloakId,
    recipient_id: recipient.keycloakId,
    status: 'PENDING',
    message,
    created_at: now,
    updated_at: now,
  };
  world.store.data.matchRequests.push(request);
  notify(world, baseUrl, {
    user_id: recipient.keycloakId,
    actor_id: sender.keycloakId,
    type: 'MATCH_REQUEST',
    body: `${sender.first_name} sent you a match request`,
    related_id: request.id,
  });
  return request;
}

/** The recipient's answer to a pending request. `sender` is the member who sent it. */
export function decide(
  world: World,
  baseUrl: string,
  sender: UserRecord,
  request: MatchRequestRecord,
  status: Exclude<Decision, 'PENDING'>,
  recipient: UserRecord,
): MatchRequestRecord {
  if (request.status !== 'PENDING')
    throw conflict(`This match request is already ${request.status.toLowerCase()}`);
  request.status = status;
  request.updated_at = world.nowIso();
  if (status === 'ACCEPTED') {
    world.store.ensureRoom(sender.keycloakId, recipient.keycloakId, request.updated_at);
    notify(world, baseUrl, {
      user_id: sender.keycloakId,
      actor_id: recipient.keycloakId,
      type: 'MATCH_ACCEPTED',
      body: `${recipient.first_name} accepted your match request`,
      related_id: request.id,
    });
  }
  return request;
}
