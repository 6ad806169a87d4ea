import { z } from 'zod';
import {
  blockUpdateSchema,
  chatMessagesQuerySchema,
  chatReportSchema,
  messageStatusUpdateSchema,
  sendMessageSchema,
} from '../schemas/chat';
import { anyJson, id } from '../schemas/common';
import { defineEndpoint } from './define';

const BASE = '/api/chats/v2';

/** Chat (SPEC.md section 7). Answers SPEC.md does not show are `anyJson`. */
export const chatsEndpoints = {
  listRooms: defineEndpoint({
    id: 'chats.listRooms',
    method: 'GET',
    path: `${BASE}/chats/rooms`,
    provider: 'chats',
    access: 'session',
    response: anyJson,
    summary: "The member's chat rooms with their recent messages.",
  }),
  listMessages: defineEndpoint({
    id: 'chats.listMessages',
    method: 'GET',
    path: `${BASE}/chats/rooms/{room}/messages`,
    provider: 'chats',
    access: 'session',
    params: z.object({ room: id }),
    query: chatMessagesQuerySchema,
    response: anyJson,
    summary: "One page of a room's messages, 20 per page.",
  }),
  sendMessage: defineEndpoint({
    id: 'chats.sendMessage',
    method: 'POST',
    path: `${BASE}/chats/messages`,
    provider: 'chats',
    access: 'session',
    body: sendMessageSchema,
    response: anyJson,
    summary: 'Sends a chat message to a mutual match.',
  }),
  updateMessageStatus: defineEndpoint({
    id: 'chats.updateMessageStatus',
    method: 'PUT',
    path: `${BASE}/chats/messages/bulk/status`,
    provider: 'chats',
    access: 'session',
    body: messageStatusUpdateSchema,
    response: anyJson,
    summary: 'Sets the status (such as read) of several messages.',
  }),
  unreadCount: defineEndpoint({
    id: 'chats.unreadCount',
    method: 'GET',
    path: `${BASE}/chats/messages/unread/count`,
    provider: 'chats',
    access: 'session',
    response: anyJson,
    summary: 'How many messages are unread.',
  }),
  getFile: defineEndpoint({
    id: 'chats.getFile',
    method: 'GET',
    // SPEC.md only says "GET a file"; `/chats/files/{filename}` is the catalogue's reading.
    path: `${BASE}/chats/files/{filename}`,
    provider: 'chats',
    access: 'session',
    params: z.object({ filename: z.string().min(1) }),
    response: 'binary',
    summary: 'A file shared in a chat (binary).',
  }),
  updateBlocks: defineEndpoint({
    id: 'chats.updateBlocks',
    method: 'PUT',
    path: `${BASE}/chats/blocks`,
    provider: 'chats',
    access: 'session',
    body: blockUpdateSchema,
    response: anyJson,
    summary: 'Blocks or unblocks a member.',
  }),
  listBlocks: defineEndpoint({
    id: 'chats.listBlocks',
    method: 'GET',
    path: `${BASE}/chats/blocks`,
    provider: 'chats',
    access: 'session',
    response: anyJson,
    summary: 'The members the user has blocked.',
  }),
  report: defineEndpoint({
    id: 'chats.report',
    method: 'POST',
    path: `${BASE}/reports/reports`,
    provider: 'chats',
    access: 'session',
    body: chatReportSchema,
    response: anyJson,
    summary: 'Reports a member to the staff.',
  }),
} as const;
