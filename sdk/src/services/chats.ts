import { CHAT_MESSAGES_PAGE_SIZE } from '../constants';
import { chatsEndpoints } from '../endpoints/chats';
import type { CallOptions } from '../endpoints/define';
import type {
  BlockUpdate,
  ChatMessagesInput,
  ChatReport,
  MessageStatusUpdate,
  SendMessageInput,
} from '../schemas/chat';
import type { Id } from '../schemas/common';
import type { ServiceContext } from './context';

/** Chat with mutual matches: rooms, messages, files, blocks and reports. */
export function createChatsService(ctx: ServiceContext) {
  const { transport } = ctx;
  return {
    /** The member's chat rooms. */
    listRooms(options?: CallOptions) {
      return transport.call(chatsEndpoints.listRooms, {}, options);
    },
    /** One page of the room's messages, 20 per page. */
    listMessages(room: Id, input: ChatMessagesInput, options?: CallOptions) {
      return transport.call(
        chatsEndpoints.listMessages,
        { params: { room }, query: { page: input.page, per_page: CHAT_MESSAGES_PAGE_SIZE } },
        options,
      );
    },
    /** Sends `message` to `recipient_id`. */
    sendMessage(input: SendMessageInput, options?: CallOptions) {
      return transport.call(chatsEndpoints.sendMessage, { body: input }, options);
    },
    /** Sets the status (such as read) of the messages `ids`. */
    updateMessageStatus(input: MessageStatusUpdate, options?: CallOptions) {
      return transport.call(chatsEndpoints.updateMessageStatus, { body: input }, options);
    },
    /** How many messages are unread. */
    unreadCount(options?: CallOptions) {
      return transport.call(chatsEndpoints.unreadCount, {}, options);
    },
    /** A file shared in a chat, as a Blob. */
    getFile(filename: string, options?: CallOptions) {
      return transport.call(chatsEndpoints.getFile, { params: { filename } }, options);
    },
    /** Blocks (`blocked: true`) or unblocks (`false`) the member `user_id`. */
    updateBlocks(input: BlockUpdate, options?: CallOptions) {
      return transport.call(chatsEndpoints.updateBlocks, { body: input }, options);
    },
    /** The members the user has blocked. */
    listBlocks(options?: CallOptions) {
      return transport.call(chatsEndpoints.listBlocks, {}, options);
    },
    /** Reports the member `reported_user_id` with a `reason`. */
    report(input: ChatReport, options?: CallOptions) {
      return transport.call(chatsEndpoints.report, { body: input }, options);
    },
  };
}

export type ChatsService = ReturnType<typeof createChatsService>;
