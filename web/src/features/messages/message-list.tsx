/**
 * The open room's history, virtualised with @tanstack/react-virtual: only the rows in view (plus a
 * few either side) are in the DOM, so the 5,000-message room stays light. Older pages load as the
 * member nears the top; the rows above stay where they were on screen when a page is added.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../../components/index';
import { whenIdle } from '../../lib/idle';
import { Attachment } from './attachment';
import { type ChatLine, formatTime } from './chat-lines';
import type { OutboxEntry } from './chat-state';
import { discardEntry, retryEntry } from './outbox';

export type Row = { kind: 'line'; line: ChatLine } | { kind: 'pending'; entry: OutboxEntry };

const ESTIMATE_PX = 72;
/** Rows from the top at which the next older page is asked for. */
const LOAD_AHEAD_ROWS = 5;
/** Within this distance of the bottom a new message keeps the view pinned to it. */
const PINNED_PX = 120;

export interface MessageListProps {
  rows: readonly Row[];
  me: string;
  otherName: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  olderError: string | null;
  onLoadOlder: () => void;
}

function rowKey(row: Row): string {
  return row.kind === 'line' ? row.line.key : row.entry.key;
}

export function MessageList({
  rows,
  me,
  otherName,
  hasOlder,
  loadingOlder,
  olderError,
  onLoadOlder,
}: MessageListProps) {
  const scroller = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATE_PX,
    overscan: 6,
    getItemKey: (index) => {
      const row = rows[index];
      return row ? rowKey(row) : index;
    },
  });

  const firstKey = rows[0] ? rowKey(rows[0]) : null;
  const lastKey = rows.length > 0 ? rowKey(rows[rows.length - 1] as Row) : null;
  const previous = useRef<{ firstKey: string | null; lastKey: string | null; total: number; count: number }>({
    firstKey: null,
    lastKey: null,
    total: 0,
    count: 0,
  });

  useLayoutEffect(() => {
    const element = scroller.current;
    const before = previous.current;
    const total = virtualizer.getTotalSize();
    if (element && rows.length > 0) {
      if (before.count === 0) {
        // First rows: start at the newest message.
        virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
      } else if (firstKey !== before.firstKey && lastKey === before.lastKey) {
        // An older page went on top: keep what the member was reading where it was.
        element.scrollTop += total - before.total;
      } else if (lastKey !== before.lastKey) {
        const distance = before.total - element.scrollTop - element.clientHeight;
        const last = rows[rows.length - 1];
        const ownNew = last?.kind === 'pending' || (last?.kind === 'line' && last.line.senderId === me);
        if (distance < PINNED_PX || ownNew) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
      }
    }
    previous.current = { firstKey, lastKey, total, count: rows.length };
  });

  const items = virtualizer.getVirtualItems();
  const topIndex = items[0]?.index ?? 0;
  // The older page is asked for ahead of the member's scroll, but only once the first rows have
  // been shown and the browser is idle: a room opens with its top rows near the start, and asking
  // at once held its first paint on a phone behind one more round trip and render.
  const shown = rows.length > 0;
  const [aheadAllowed, setAheadAllowed] = useState(false);
  useEffect(() => {
    if (!shown || aheadAllowed) return;
    let cancelled = false;
    whenIdle(() => {
      if (!cancelled) setAheadAllowed(true);
    });
    return () => {
      cancelled = true;
    };
  }, [shown, aheadAllowed]);
  useEffect(() => {
    if (aheadAllowed && shown && hasOlder && !loadingOlder && !olderError && topIndex < LOAD_AHEAD_ROWS)
      onLoadOlder();
  }, [aheadAllowed, topIndex, hasOlder, loadingOlder, olderError, shown, onLoadOlder]);

  return (
    <section
      ref={scroller}
      className="chat-scroller"
      // Focusable so the history scrolls with the keyboard (arrows, Page Up/Down, Home/End).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
      tabIndex={0}
      aria-label={`Messages with ${otherName}`}
      aria-busy={loadingOlder || undefined}
    >
      <div className="chat-history-edge">
        {loadingOlder ? (
          <span role="status">Loading older messages…</span>
        ) : olderError ? (
          <span role="alert">
            {olderError}{' '}
            <Button variant="ghost" onClick={onLoadOlder}>
              Try again
            </Button>
          </span>
        ) : !hasOlder ? (
          <span>Beginning of the conversation</span>
        ) : null}
      </div>
      <ul className="chat-rows" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <li
              key={item.key}
              data-index={item.index}
              data-message-row=""
              ref={virtualizer.measureElement}
              className="chat-row"
              aria-setsize={rows.length}
              aria-posinset={item.index + 1}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {row.kind === 'line' ? (
                <Bubble line={row.line} mine={row.line.senderId === me} otherName={otherName} />
              ) : (
                <PendingBubble entry={row.entry} />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const STATUS_TEXT: Record<string, string> = { SENT: 'Sent', DELIVERED: 'Delivered', READ: 'Read' };
/** One tick sent, two delivered, two in the accent colour read; the word beside them says it. */
const STATUS_TICKS: Record<string, string> = { SENT: '✓', DELIVERED: '✓✓', READ: '✓✓' };

function Bubble({ line, mine, otherName }: { line: ChatLine; mine: boolean; otherName: string }) {
  return (
    <div className={`bubble${mine ? ' bubble--mine' : ''}`}>
      <span className="visually-hidden">{mine ? 'You' : otherName}: </span>
      {/* Text only: a message is a string child, so no HTML in it is ever rendered. */}
      {line.text ? <p className="bubble__text">{line.text}</p> : null}
      {line.file ? <Attachment filename={line.file} /> : null}
      <span className="bubble__meta">
        <time dateTime={new Date(line.at).toISOString()}>{formatTime(line.at)}</time>
        {mine ? (
          <span className={`bubble__status bubble__status--${line.status.toLowerCase()}`}>
            {' · '}
            <span className="bubble__ticks" aria-hidden="true">
              {STATUS_TICKS[line.status] ?? ''}
            </span>{' '}
            <span>{STATUS_TEXT[line.status] ?? line.status}</span>
          </span>
        ) : null}
      </span>
    </div>
  );
}

function PendingBubble({ entry }: { entry: OutboxEntry }) {
  const status =
    entry.state === 'failed'
      ? `Not sent: ${entry.error ?? ''}`
      : entry.state === 'sending'
        ? 'Sending…'
        : 'Waiting for the connection…';
  return (
    <div
      className={`bubble bubble--mine bubble--pending${entry.state === 'failed' ? ' bubble--failed' : ''}`}
    >
      <span className="visually-hidden">You: </span>
      {entry.text ? <p className="bubble__text">{entry.text}</p> : null}
      {entry.file ? <p className="bubble__text">Attachment: {entry.file}</p> : null}
      <span className="bubble__meta bubble__status">{status}</span>
      {entry.state === 'failed' ? (
        <span className="bubble__actions">
          <Button variant="secondary" onClick={() => retryEntry(entry.key)}>
            Retry
          </Button>
          <Button variant="ghost" onClick={() => discardEntry(entry.key)}>
            Discard
          </Button>
        </span>
      ) : null}
    </div>
  );
}
