import { parseOrThrow } from '../transport/validate';
import { RealtimeChannel } from './channel';
import { type ChatEventPayloads, type TypingInput, typingInputSchema } from './events';

/** The chat namespace: `new_message`, `active`, `online_chats`, `token_expired`, and typing. */
export class ChatChannel extends RealtimeChannel<ChatEventPayloads> {
  /**
   * Tells the other member of a room that this user started (`isTyping: true`) or stopped typing;
   * the server relays it to them as `active`. Returns false when the channel is not connected
   * (nothing is queued). Throws a ContractError when neither `room` nor `recipient_id` is given.
   */
  sendTyping(input: TypingInput): boolean {
    const payload = parseOrThrow(typingInputSchema, input, 'realtime.chat.typing', 'request');
    return this.send('typing', payload);
  }
}
