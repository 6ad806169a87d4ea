/**
 * The chat's start-up. Messages written offline before a reload are sent on reconnect wherever the
 * member is, not only once Messages is opened again: the chat's code loads for them. So it does
 * when another tab of the member keeps messages: that tab may close before they are sent. This
 * module carries only the outbox's storage key; the chat itself loads when it is needed. The
 * first list of a session that starts on Messages is rooms-startup.ts's.
 */
import { userIdOf } from '@matchmaker/sdk/rules';
import { reportError } from '../../lib/report';
import { retryLoad } from '../../lib/retry-load';
import { onMemberStart } from '../../state/session-start';
import { hasStoredOutbox, whenOutboxStored } from './outbox-key';

onMemberStart(({ user, signal }) => {
  const loadChat = () => import('./live');
  const run = (chat: typeof import('./live')) => {
    if (!signal.aborted) chat.startChat();
  };
  const startChat = () => {
    loadChat().then(run, (error: unknown) => {
      if (signal.aborted) return;
      // Offline, the chat's code loads when the line is back, to send them. A failure met online
      // (a tab that learns late that its fetch failed while offline, a server that failed once)
      // is fetched again after a moment, as lib/retry-load.ts does for every chunk.
      const stop = retryLoad(error, loadChat, { loaded: run, givenUp: reportError });
      signal.addEventListener('abort', stop, { once: true });
    });
  };
  const userId = userIdOf(user) ?? '';
  if (hasStoredOutbox(userId)) startChat();
  else whenOutboxStored(userId, signal, startChat);
});
