/**
 * The open room's rows, virtualised with @tanstack/react-virtual: only the rows in view (plus a
 * few either side) are in the DOM, so the 5,000-message room stays light. Older pages load as the
 * member nears the top; the rows above stay where they were on screen when a page is added.
 *
 * A chunk of its own (9 KB brotli, nearly all the virtualiser). The history shows a room's newest
 * rows in flow and hands over to these once the member scrolls toward older ones
 * (message-list.tsx): they start where the rows in flow were, with the heights those had, so the
 * hand-over moves nothing on screen.
 */
import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ChatRow, followsNewRow, type HistoryProps, type Row, rowKey } from './chat-row';

const ESTIMATE_PX = 72;
/** Rows from the top at which the next older page is asked for. */
const LOAD_AHEAD_ROWS = 5;

export interface VirtualRowsProps extends HistoryProps {
  /** The history's scrolling element, which the rows are laid out in, at its current position. */
  readonly scroller: RefObject<HTMLElement | null>;
  /** The heights the rows had in flow, by row key. */
  readonly heights: ReadonlyMap<string, number>;
  /**
   * Called when the rows' height changed (as the virtualiser measures them): keeps the view at the
   * newest message if the member is there. The region's own changes of size are the history's to
   * watch (message-list.tsx): the virtualiser does not render for each of them.
   */
  readonly keepAtNewest: () => void;
}

/** The rows' places as they were in flow, one after the other; a row not measured is left out. */
function placesInFlow(rows: readonly Row[], heights: ReadonlyMap<string, number>): VirtualItem[] {
  const places: VirtualItem[] = [];
  let start = 0;
  for (const [index, row] of rows.entries()) {
    const key = rowKey(row);
    const size = heights.get(key);
    if (size === undefined) break;
    places.push({ key, index, start, end: start + size, size, lane: 0 });
    start += size;
  }
  return places;
}

export function VirtualRows({
  scroller,
  heights,
  keepAtNewest,
  rows,
  me,
  otherName,
  hasOlder,
  loadingOlder,
  olderError,
  onLoadOlder,
}: VirtualRowsProps) {
  const [places] = useState(() => placesInFlow(rows, heights));
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATE_PX,
    // Taken over from the rows in flow: their heights and the member's place among them.
    initialMeasurementsCache: places,
    initialOffset: () => scroller.current?.scrollTop ?? 0,
    overscan: 6,
    getItemKey: (index) => {
      const row = rows[index];
      return row ? rowKey(row) : index;
    },
  });

  const firstKey = rows[0] ? rowKey(rows[0]) : null;
  const lastKey = rows.length > 0 ? rowKey(rows[rows.length - 1] as Row) : null;
  const previous = useRef<{ firstKey: string | null; lastKey: string | null; total: number } | null>(null);

  useLayoutEffect(() => {
    const element = scroller.current;
    const before = previous.current;
    const total = virtualizer.getTotalSize();
    // The first layout keeps the place the rows in flow had.
    if (element && before && rows.length > 0) {
      if (firstKey !== before.firstKey && lastKey === before.lastKey) {
        // An older page went on top: keep what the member was reading where it was.
        element.scrollTop += total - before.total;
      } else if (lastKey !== before.lastKey) {
        const distance = before.total - element.scrollTop - element.clientHeight;
        if (followsNewRow(distance, rows, me)) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
      }
      if (total !== before.total) keepAtNewest();
    }
    previous.current = { firstKey, lastKey, total };
  });

  const items = virtualizer.getVirtualItems();
  // None while the history has no height (squeezed out by a tall composer on a small phone): no
  // row is in view, so none is near the top, and no older page is wanted.
  const topIndex = items[0]?.index ?? null;
  // The member came here scrolling toward older messages: they are asked for ahead of the scroll.
  useEffect(() => {
    if (topIndex === null) return;
    if (hasOlder && !loadingOlder && !olderError && topIndex < LOAD_AHEAD_ROWS) onLoadOlder();
  }, [topIndex, hasOlder, loadingOlder, olderError, onLoadOlder]);

  return (
    <ul className="chat-rows chat-rows--virtual" style={{ height: virtualizer.getTotalSize() }}>
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
            <ChatRow row={row} me={me} otherName={otherName} />
          </li>
        );
      })}
    </ul>
  );
}
