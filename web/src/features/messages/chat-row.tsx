/**
 * One row of the open room's history (a message, or one of the member's own still in the outbox)
 * and the rule that keeps the history at its newest row: the two ways the history lays its rows
 * out (in flow for the first look, virtualised after) render rows with this one component.
 */
import { Button } from '../../components/index';
import { Attachment } from './attachment';
import { type ChatLine, formatTime } from './chat-lines';
import type { OutboxEntry } from './chat-state';
import { discardEntry, retryEntry } from './outbox';

export type Row = { kind: 'line'; line: ChatLine } | { kind: 'pending'; entry: OutboxEntry };

export function rowKey(row: Row): string {
  return row.kind === 'line' ? row.line.key : row.entry.key;
}

/** Within this distance of the bottom a new message keeps the view pinned to it. */
const PINNED_PX = 120;

/**
 * Whether a new last row brings the view down to it: the member was reading the newest rows
 * (within `PINNED_PX` of the bottom before it came), or it is their own.
 */
export function followsNewRow(distanceFromBottom: number, rows: readonly Row[], me: string): boolean {
  const last = rows[rows.length - 1];
  const own = last?.kind === 'pending' || (last?.kind === 'line' && last.line.senderId === me);
  return distanceFromBottom < PINNED_PX || own;
}

export interface RowsProps {
  readonly rows: readonly Row[];
  readonly me: string;
  readonly otherName: string;
}

/** The history's rows and its older pages: loading, failed, more to come, and how to ask. */
export interface HistoryProps extends RowsProps {
  readonly hasOlder: boolean;
  readonly loadingOlder: boolean;
  readonly olderError: string | null;
  readonly onLoadOlder: () => void;
}

/** A row's content: who said it (for screen readers), the message, its time and status. */
export function ChatRow({ row, me, otherName }: { row: Row; me: string; otherName: string }) {
  return row.kind === 'line' ? (
    <Bubble line={row.line} mine={row.line.senderId === me} otherName={otherName} />
  ) : (
    <PendingBubble entry={row.entry} />
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
