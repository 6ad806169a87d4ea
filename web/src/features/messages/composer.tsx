/** Writing a message: Enter sends, Shift+Enter starts a new line; typing is signalled to the other member. */
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/index';
import { describeError } from '../../lib/error-message';
import { reportError } from '../../lib/report';
import { notify } from '../../lib/toast';
import { uploadAttachment } from './attachments';
import { sendTyping } from './live';
import { queueMessage } from './outbox';

/** A typing signal is repeated at most this often while the member keeps typing. */
const TYPING_REPEAT_MS = 3_000;
/** Without a keystroke for this long, the member has stopped typing. */
const TYPING_IDLE_MS = 4_000;

export function Composer({
  room,
  recipientId,
  disabled,
}: {
  room: string;
  recipientId: string;
  disabled: boolean;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const typing = useRef<{ sentAt: number; idle: ReturnType<typeof setTimeout> | null }>({
    sentAt: 0,
    idle: null,
  });

  function stopTyping() {
    const state = typing.current;
    if (state.idle !== null) clearTimeout(state.idle);
    state.idle = null;
    if (state.sentAt !== 0) sendTyping(room, false);
    state.sentAt = 0;
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: stop the indicator when the room changes or the composer goes.
  useEffect(() => stopTyping, [room]);

  function onInput(value: string) {
    setText(value);
    const state = typing.current;
    const now = Date.now();
    if (now - state.sentAt > TYPING_REPEAT_MS) {
      state.sentAt = now;
      sendTyping(room, true);
    }
    if (state.idle !== null) clearTimeout(state.idle);
    state.idle = setTimeout(stopTyping, TYPING_IDLE_MS);
  }

  function send() {
    const message = text.trim();
    if (!message || disabled) return;
    queueMessage({ room, recipientId, text: message });
    setText('');
    stopTyping();
  }

  async function attach(file: File) {
    setUploading(true);
    try {
      const uploaded = await uploadAttachment(file);
      // The SDK skips the upload (undefined) when the session has ended meanwhile.
      if (!uploaded) return;
      queueMessage({ room, recipientId, text: text.trim(), file: uploaded.filename });
      setText('');
      stopTyping();
    } catch (error) {
      reportError(error);
      notify.error(describeError(error, 'We could not upload this file.'));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label htmlFor={`${id}-text`} className="visually-hidden">
        Message
      </label>
      <textarea
        id={`${id}-text`}
        className="chat-textarea composer__text"
        rows={1}
        value={text}
        disabled={disabled}
        placeholder={disabled ? 'Messaging is blocked' : 'Write a message'}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onInput(event.target.value)}
        onBlur={stopTyping}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            send();
          }
        }}
      />
      <span id={`${id}-hint`} className="visually-hidden">
        Enter sends, Shift and Enter starts a new line.
      </span>
      <input
        ref={fileInput}
        id={`${id}-file`}
        type="file"
        className="visually-hidden"
        // Reached through the "Attach a file" button; the input itself stays out of the tab order.
        tabIndex={-1}
        aria-label="File to attach"
        disabled={disabled || uploading}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void attach(file);
        }}
      />
      <Button
        variant="secondary"
        busy={uploading}
        disabled={disabled}
        onClick={() => fileInput.current?.click()}
      >
        Attach a file
      </Button>
      <Button type="submit" disabled={disabled || text.trim() === ''}>
        Send
      </Button>
    </form>
  );
}
