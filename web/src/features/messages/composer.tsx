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
        // Reached through the "Attach a file" button; the input itself stays out of the tab order,
        // and out of what a screen reader lists (it was a second "File to attach" button there).
        tabIndex={-1}
        aria-hidden="true"
        aria-label="File to attach"
        disabled={disabled || uploading}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void attach(file);
        }}
      />
      <Button
        variant="secondary"
        className="composer__button"
        aria-label="Attach a file"
        busy={uploading}
        disabled={disabled}
        onClick={() => fileInput.current?.click()}
      >
        <ComposerIcon icon={PAPERCLIP} />
        <span className="composer__label">Attach a file</span>
      </Button>
      <Button
        type="submit"
        className="composer__button"
        aria-label="Send"
        disabled={disabled || text.trim() === ''}
      >
        <ComposerIcon icon={PAPER_PLANE} />
        <span className="composer__label">Send</span>
      </Button>
    </form>
  );
}

interface Icon {
  readonly d: string;
  readonly transform?: string;
}
/** A paperclip, leaning: the attach button's face on a phone. */
const PAPERCLIP: Icon = {
  d: 'M14.5 7.5v9a3 3 0 0 1-6 0v-11a2 2 0 0 1 4 0v10a1 1 0 0 1-2 0v-8',
  transform: 'rotate(40 12 12)',
};
/** A paper plane: the send button's face on a phone. */
const PAPER_PLANE: Icon = { d: 'M20.5 3.5 3 10.5l7 3 3 7.5 7.5-17.5ZM10 13.5l10.5-10' };

/**
 * A composer button's face on a phone, where its words do not fit beside a usable text box; wider,
 * the words show alone (messages.css). The button's `aria-label` is those words at every width.
 */
function ComposerIcon({ icon }: { icon: Icon }) {
  return (
    <svg
      className="composer__icon"
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={icon.d}
        transform={icon.transform}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
