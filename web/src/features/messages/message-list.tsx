/**
 * The open room's history: a scrolling region, its top edge (older messages loading, failed, or
 * the conversation's beginning) and its rows.
 *
 * The rows are laid out two ways, with one row component (chat-row.tsx). A room opens on its
 * newest page (20 messages), which needs no virtualiser: those rows are in flow, at the newest,
 * and the messages that arrive while the room is open join them. When the member scrolls toward
 * older messages (or the newest page does not fill the region), the virtualised rows
 * (virtual-rows.tsx, a chunk of its own that is nearly all @tanstack/react-virtual) take over in
 * the same region, where the rows in flow were, and load older pages as the member goes up.
 * Their chunk is fetched once the room is shown, so it is usually here by then (issue 24: on a
 * phone the room's largest paint waited for its 9 KB brotli).
 */
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../../components/index';
import { describeError } from '../../lib/error-message';
import { whenIdle } from '../../lib/idle';
import { reportError } from '../../lib/report';
import { afterScreenShown } from '../../state/session';
import { ChatRow, followsNewRow, type HistoryProps, type Row, type RowsProps, rowKey } from './chat-row';
import type { VirtualRows } from './virtual-rows';

export type { Row } from './chat-row';

/** Within this distance of the top (about five rows) the member is near the older messages. */
const NEAR_OLDER_PX = 360;
/** Within this distance of the bottom (sub-pixel rounding) the member is at the newest message. */
const AT_NEWEST_PX = 2;
/**
 * How long after the member's input on the history a scroll is theirs: its first scroll event comes
 * within a frame or two. A scroll the browser makes later (a clamp, scroll anchoring) is not.
 */
const MEMBER_INPUT_MS = 500;
/** Keys that scroll the focused history up or down (End is the history's own: `useStayAtNewest`). */
const KEY_SCROLLS_UP: Readonly<Record<string, boolean>> = {
  ArrowUp: true,
  PageUp: true,
  Home: true,
  ArrowDown: false,
  PageDown: false,
};

export type MessageListProps = HistoryProps;

type VirtualRowsComponent = typeof VirtualRows;

/** The virtualised rows once their chunk is here. */
let virtualRows: VirtualRowsComponent | null = null;

async function loadVirtualRows(): Promise<VirtualRowsComponent> {
  virtualRows ??= (await import('./virtual-rows')).VirtualRows;
  return virtualRows;
}

/**
 * The virtualised rows: their chunk fetched once the room is shown (its newest rows rendered and
 * the browser with a moment: state/session.ts), and theirs to show once older messages are wanted. A failed fetch is reported and, once
 * older messages are wanted, said at the history's top with a way to try again; the rows in flow
 * stay as they are.
 */
function useVirtualRows(shown: boolean, wanted: boolean) {
  const [Rows, setRows] = useState<VirtualRowsComponent | null>(() => virtualRows);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (shown) void afterScreenShown().then(() => loadVirtualRows().catch(() => {}));
  }, [shown]);
  useEffect(() => {
    if (!wanted || Rows || failure) return;
    let cancelled = false;
    loadVirtualRows().then(
      (loaded) => {
        if (!cancelled) setRows(() => loaded);
      },
      (error: unknown) => {
        if (cancelled) return;
        reportError(error);
        setFailure(describeError(error, 'We could not load older messages.'));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [wanted, Rows, failure]);
  return {
    Rows: wanted ? Rows : null,
    loading: wanted && !Rows && !failure,
    failure,
    retry: () => setFailure(null),
  };
}

/**
 * Whether older messages are wanted: once the member nears them, or at the first idle moment
 * after the newest rows are shown if those leave the member near them already (a region too tall
 * for 20 rows), never as part of the room's first look. The rows' heights in flow are noted then,
 * for the virtualised rows to start from. `check` is the history's scroll handler.
 */
function useOlderWanted(scroller: RefObject<HTMLElement | null>, rows: readonly Row[], hasOlder: boolean) {
  const [wanted, setWanted] = useState(false);
  const [heights] = useState(() => new Map<string, number>());
  const latest = useRef({ rows, hasOlder, wanted });
  latest.current = { rows, hasOlder, wanted };
  const check = useCallback(() => {
    const element = scroller.current;
    const now = latest.current;
    if (now.wanted || !now.hasOlder || !element || element.scrollTop >= NEAR_OLDER_PX) return;
    latest.current = { ...now, wanted: true };
    noteHeights(element, now.rows, heights);
    setWanted(true);
  }, [scroller, heights]);
  const shown = rows.length > 0;
  useEffect(() => {
    if (!shown) return;
    let cancelled = false;
    whenIdle(() => {
      if (!cancelled) check();
    });
    return () => {
      cancelled = true;
    };
  }, [shown, check]);
  return { wanted, heights, check };
}

/**
 * Keeps the history at its newest message when it changes size with the member there: a turned
 * phone or a narrower window (every row wraps anew), a taller composer, the virtualised rows
 * measuring themselves. A member reading further up stays where they were.
 *
 * Where the member is, is read at each scroll event and each change of size. Neither comes at the
 * moment of what it reports (a scroll's event can come after a change of size made in the same
 * frame, with the new sizes), so each reading is taken with the one before:
 * - The member is at the newest message when the view is at the bottom of the history, or when a
 *   scroll event finds it moved to exactly the bottom seen at the last reading, or to the bottom
 *   there was when the member last scrolled down (a key's animation aims at that bottom, and
 *   stopped short of a history that grew on the way). Exactly: scroll anchoring moves the view
 *   beyond the old bottom when rows above wrap anew and grow, and older rows joining above do too.
 * - A scroll up leaves the newest message when the member's last input on the history, in the
 *   last `MEMBER_INPUT_MS`, was upward (wheel, finger, keys, the scrollbar; not a tap on a message;
 *   not End, after which an animation still running is the browser's), or, with no input just
 *   before, when nothing changed size since the last reading (a screen reader's scroll). The
 *   browser's own moves come with a change of size: a clamp, scroll anchoring as rows above wrap
 *   anew, the virtualiser placing rows it measured. Taken for the member's, those left the
 *   history 17-84 px short of the newest message.
 * - At the newest message, any reading that finds the view short of the bottom brings it there.
 * - End (with Ctrl or not) goes to the newest message at once. The browser's End animates toward
 *   the bottom as it was at the key, and stopped short when rows grew or a message arrived.
 *
 * `note` is part of the history's scroll handler; `keep` is called for a change of size. The
 * region is watched in either layout, and so is the list of the rows in flow; the virtualised rows
 * call `keep` when their height changes, in the render in which the virtualiser measures them. Not
 * the region as the virtualiser sees it: it renders only when the rows in view or its scrolling
 * state change, so a region a few pixels shorter with the member at rest (a composer dragged
 * taller, a keyboard opening) came with no render, and the history stayed short of the newest.
 */
function useStayAtNewest(scroller: RefObject<HTMLElement | null>, virtual: boolean) {
  const seen = useRef({ atNewest: true, top: 0, bottom: 0 });
  /** The member's last scroll on the history: when (performance.now()), which way, and the bottom then. */
  const input = useRef({ at: Number.NEGATIVE_INFINITY, up: false, down: false, bottom: 0 });
  const read = useCallback(
    (scrolled: boolean) => {
      const element = scroller.current;
      if (!element) return;
      const last = seen.current;
      const member = input.current;
      const top = element.scrollTop;
      const bottom = bottomOf(element);
      const recent = performance.now() - member.at < MEMBER_INPUT_MS;
      const reached = (edge: number) => Math.abs(top - edge) <= AT_NEWEST_PX;
      const arrived =
        scrolled &&
        top !== last.top &&
        (reached(last.bottom) || (recent && member.down && reached(member.bottom)));
      // With no input of the member's just before, a scroll up is theirs if nothing changed size.
      const memberUp = recent ? member.up : bottom === last.bottom;
      let { atNewest } = last;
      if (bottom - top <= AT_NEWEST_PX || arrived) atNewest = true;
      else if (scrolled && top < last.top && memberUp) atNewest = false;
      if (atNewest && top < bottom) element.scrollTop = bottom;
      seen.current = { atNewest, top: element.scrollTop, bottom };
    },
    [scroller],
  );
  const note = useCallback(() => read(true), [read]);
  const keep = useCallback(() => read(false), [read]);
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(keep);
    observer.observe(element);
    // Not the virtualised list: its rows call `keep` as its height changes, in the same render.
    const list = virtual ? null : element.querySelector(':scope > .chat-rows[data-flow]');
    if (list) observer.observe(list);
    const listening = new AbortController();
    const on = <K extends keyof HTMLElementEventMap>(
      type: K,
      listener: (event: HTMLElementEventMap[K]) => void,
      passive = true,
    ) => element.addEventListener(type, listener, { passive, signal: listening.signal });
    const scrolling = (way: { up: boolean; down: boolean }) => {
      input.current = { at: performance.now(), ...way, bottom: bottomOf(element) };
    };
    const toward = (up: boolean) => scrolling({ up, down: !up });
    on('wheel', (event) => {
      if (event.deltaY !== 0) toward(event.deltaY < 0);
    });
    let fingerY = 0;
    on('touchstart', (event) => {
      fingerY = event.touches[0]?.clientY ?? 0;
    });
    on('touchmove', (event) => {
      const y = event.touches[0]?.clientY ?? fingerY;
      // A finger moving down the screen scrolls toward older messages.
      if (y !== fingerY) toward(y > fingerY);
      fingerY = y;
    });
    // The region's own scrollbar, beyond its content box (a tap on a message, or on the region's
    // padding, is none), either way: its thumb dragged up, or a click on the track below it.
    on('pointerdown', (event) => {
      if (event.target === element && event.pointerType !== 'touch' && event.offsetX >= element.clientWidth)
        scrolling({ up: true, down: true });
    });
    on(
      'keydown',
      (event) => {
        if (event.defaultPrevented || event.altKey) return;
        if (event.key === 'End' && !event.shiftKey) {
          event.preventDefault();
          element.scrollTop = element.scrollHeight;
          // A scroll the browser is still animating (a Page Up just before) goes on from here: its
          // moves up are not the member's, who asked for the newest last.
          scrolling({ up: false, down: true });
          keep();
          return;
        }
        const up = event.key === ' ' ? event.shiftKey : KEY_SCROLLS_UP[event.key];
        if (up !== undefined) toward(up);
      },
      false,
    );
    return () => {
      observer.disconnect();
      listening.abort();
    };
  }, [scroller, virtual, keep]);
  return { note, keep };
}

/** The history's largest scrollTop: the view at its newest message. */
function bottomOf(element: HTMLElement): number {
  return element.scrollHeight - element.clientHeight;
}

export function MessageList(props: MessageListProps) {
  const { rows, me, otherName, hasOlder, loadingOlder, olderError, onLoadOlder } = props;
  const scroller = useRef<HTMLElement>(null);
  const shown = rows.length > 0;
  const older = useOlderWanted(scroller, rows, hasOlder);
  const { Rows, loading, failure, retry } = useVirtualRows(shown, older.wanted);
  const newest = useStayAtNewest(scroller, Rows !== null);

  return (
    <section
      ref={scroller}
      className="chat-scroller"
      // Focusable so the history scrolls with the keyboard (arrows, Page Up/Down, Home/End).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
      tabIndex={0}
      aria-label={`Messages with ${otherName}`}
      aria-busy={loadingOlder || loading || undefined}
      onScroll={() => {
        newest.note();
        older.check();
      }}
    >
      <div className="chat-history-edge">
        {loadingOlder || loading ? (
          <span role="status">Loading older messages…</span>
        ) : olderError || failure ? (
          <span role="alert">
            {olderError ?? failure}{' '}
            <Button variant="ghost" onClick={olderError ? onLoadOlder : retry}>
              Try again
            </Button>
          </span>
        ) : !hasOlder ? (
          <span>Beginning of the conversation</span>
        ) : null}
      </div>
      {Rows ? (
        <Rows {...props} scroller={scroller} heights={older.heights} keepAtNewest={newest.keep} />
      ) : (
        <FlowRows rows={rows} me={me} otherName={otherName} />
      )}
    </section>
  );
}

/** Notes the heights of the rows in flow, by key. */
function noteHeights(element: HTMLElement, rows: readonly Row[], heights: Map<string, number>): void {
  heights.clear();
  const items = element.querySelectorAll(':scope > .chat-rows[data-flow] > li');
  for (const [index, item] of [...items].entries()) {
    const row = rows[index];
    if (row) heights.set(rowKey(row), item.getBoundingClientRect().height);
  }
}

/**
 * The rows in flow: at the newest row from the start, and brought down to a new one as the
 * virtualised rows do (`followsNewRow`). The scrolling region is the list's parent: its ref is
 * not yet set when the list's first layout effect runs (React sets a parent's after its children's).
 */
function FlowRows({ rows, me, otherName }: RowsProps) {
  const list = useRef<HTMLUListElement>(null);
  const lastKey = rows.length > 0 ? rowKey(rows[rows.length - 1] as Row) : null;
  const previous = useRef<{ lastKey: string | null; height: number }>({ lastKey: null, height: 0 });
  useLayoutEffect(() => {
    const element = list.current?.parentElement;
    if (!element) return;
    const before = previous.current;
    if (lastKey !== before.lastKey) {
      const distance = before.height - element.scrollTop - element.clientHeight;
      if (before.lastKey === null || followsNewRow(distance, rows, me))
        element.scrollTop = element.scrollHeight;
    }
    previous.current = { lastKey, height: element.scrollHeight };
  });
  return (
    <ul ref={list} className="chat-rows" data-flow="">
      {rows.map((row, index) => (
        <li
          key={rowKey(row)}
          data-message-row=""
          className="chat-row"
          aria-setsize={rows.length}
          aria-posinset={index + 1}
        >
          <ChatRow row={row} me={me} otherName={otherName} />
        </li>
      ))}
    </ul>
  );
}
