/**
 * The chat's start-up. Messages written offline before a reload are sent on reconnect wherever the
 * member is, not only once Messages is opened again: the chat's code loads for them. So it does
 * when another tab of the member keeps messages: that tab may close before they are sent. This
 * module carries only the outbox's storage key; the chat itself loads when it is needed. The
 * first list of a session that starts on Messages is rooms-startup.ts's.
 */
import { userIdOf } from '@matchmaker/sdk/rules';
import { reportError } from '../../lib/report';
import { onMemberStart } from '../../state/session-start';
import { hasStoredOutbox, whenOutboxStored } from './outbox-key';

onMemberStart(({ user, signal }) => {
  const startChat = () => {
    import('./live')
      .then((module) => {
        if (!signal.aborted) module.startChat();
      })
      .catch((error: unknown) => {
        // Offline, the chat's code cannot load: it loads when the line is back, to send them.
        if (navigator.onLine) reportError(error);
        else window.addEventListener('online', startChat, { once: true, signal });
      });
  };
  const userId = userIdOf(user) ?? '';
  if (hasStoredOutbox(userId)) startChat();
  else whenOutboxStored(userId, signal, startChat);
});
