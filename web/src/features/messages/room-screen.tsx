/**
 * One conversation: header (presence, block, report), the history, the outbox and the composer.
 * The room's screen is a chunk of its own (the history, the composer and the report dialog),
 * which the conversations list does not need: the area's index.tsx loads it lazily, and the route
 * table fetches it beside the area's chunk on a room's address. The history's virtualiser is a
 * chunk after it (message-list.tsx).
 */
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Button, ErrorState, Spinner } from '../../components/index';
import { chatState, myId } from './chat-state';
import { Composer } from './composer';
import { usePresence } from './live';
import { MessageList, type Row } from './message-list';
import { ReportDialog } from './report-dialog';
import { closeRoom, loadOlder, openRoom, setBlocked } from './room-actions';
import { BackToConversations, RoomFallback } from './room-fallback';

export default function ChatRoom({ roomKey }: { roomKey: string }) {
  const snap = useSnapshot(chatState);
  const [reporting, setReporting] = useState(false);
  const [blocking, setBlocking] = useState(false);

  useEffect(() => {
    void openRoom(roomKey);
    return () => closeRoom();
  }, [roomKey]);

  const open = snap.open;
  const summary = snap.rooms.items.find(
    (room) => room.id === (open?.id ?? roomKey) || room.memberId === roomKey,
  );
  const { online, isTyping } = usePresence(summary);
  const me = myId();
  const rows = useMemo<Row[]>(() => {
    if (!open) return [];
    const lines: Row[] = open.lines.map((line) => ({ kind: 'line', line }));
    const pending: Row[] = snap.outbox
      .filter((entry) => entry.room === open.id)
      .map((entry) => ({ kind: 'pending', entry: { ...entry } }));
    return [...lines, ...pending];
  }, [open, snap.outbox]);
  const onLoadOlder = useCallback(() => void loadOlder(), []);
  const header = useRef<HTMLElement>(null);
  useToastsBelow(header, open?.load === 'ready');

  if (!open || open.load === 'loading' || open.load === 'idle')
    return (
      <RoomFallback>
        <Spinner label="Loading the conversation" />
      </RoomFallback>
    );
  if (open.load === 'error') {
    return (
      <RoomFallback>
        <ErrorState namesScreen message={open.error ?? ''} onRetry={() => void openRoom(roomKey)} />
      </RoomFallback>
    );
  }
  const name = summary?.name ?? 'Your match';
  const memberId = open.memberId ?? summary?.memberId ?? '';
  const blocked = summary?.blocked ?? false;

  return (
    <section className="chat" aria-labelledby="chat-title">
      <header className="chat__header" ref={header}>
        <BackToConversations />
        <div className="chat__person">
          {summary?.photo ? <img className="chat__photo" src={summary.photo} alt="" /> : null}
          <div className="chat__who">
            <h2
              id="chat-title"
              className="chat__name"
              dir="auto"
              tabIndex={-1}
              // Where focus goes after navigation, once the name is known (not "Your match" while
              // the rooms list that names the member is on its way).
              data-screen-heading={summary ? '' : undefined}
            >
              {name}
            </h2>
            <p className="chat__presence" aria-live="polite">
              <span
                className={`presence-dot chat__presence-dot${online ? ' presence-dot--online' : ''}`}
                aria-hidden="true"
              />
              <span className="chat__presence-text">
                {isTyping ? (
                  <>
                    {/* On a phone the name stands just above: the line says "typing…", which a long
                        name would otherwise push out of view. */}
                    <span className="visually-hidden-on-phone">{name} is </span>typing…
                  </>
                ) : online ? (
                  'Online'
                ) : (
                  'Offline'
                )}
              </span>
            </p>
          </div>
        </div>
        <div className="chat__actions">
          <Button
            variant="secondary"
            busy={blocking}
            disabled={!memberId}
            onClick={async () => {
              setBlocking(true);
              await setBlocked(memberId, name, !blocked);
              setBlocking(false);
            }}
          >
            {blocked ? 'Unblock' : 'Block'}
          </Button>
          <Button variant="ghost" disabled={!memberId} onClick={() => setReporting(true)}>
            Report
          </Button>
        </div>
      </header>
      {snap.connection === 'lost' ? (
        <p className="chat__offline" role="status">
          Connection lost. Your messages will be sent when it returns.
        </p>
      ) : null}
      <MessageList
        rows={rows}
        me={me}
        otherName={name}
        hasOlder={open.hasOlder}
        loadingOlder={open.loadingOlder}
        olderError={open.olderError}
        onLoadOlder={onLoadOlder}
      />
      {blocked ? (
        <p className="chat__blocked" role="status">
          You blocked {name}. Unblock to send messages again.
        </p>
      ) : null}
      {open.id ? <Composer room={open.id} recipientId={memberId} disabled={blocked || !memberId} /> : null}
      <ReportDialog open={reporting} memberId={memberId} name={name} onClose={() => setReporting(false)} />
    </section>
  );
}

/**
 * Tells the toasts (app/toasts.tsx, under the app's header) how far below that header the room's
 * header ends, so on a phone, where the room stands right below it, a toast leaves Block, Report
 * and the way back clear (messages.css reads `--room-header-below` there). Measured, not
 * computed in CSS: the header's rows grow with the reader's text size. Measured by the observer
 * alone, after the browser's own layout (no layout forced while the room renders), and set on the
 * app's header, whose few elements are all that restyle (on the document, every element did).
 */
function useToastsBelow(header: RefObject<HTMLElement | null>, shown: boolean): void {
  useEffect(() => {
    const element = header.current;
    const site = document.querySelector<HTMLElement>('.site-header');
    if (!shown || !element || !site || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => {
      const below = element.getBoundingClientRect().bottom - site.getBoundingClientRect().bottom;
      site.style.setProperty('--room-header-below', `${Math.max(0, Math.round(below))}px`);
    });
    observer.observe(element);
    observer.observe(site);
    return () => {
      observer.disconnect();
      site.style.removeProperty('--room-header-below');
    };
  }, [header, shown]);
}
