/**
 * Scroll restoration (SPEC.md section 2): a new page starts at the top with focus on its heading,
 * or, when its address names a fragment (`/preferences#email`), at that element with focus on it;
 * back and forward return to where the member was on that history entry. Each entry gets a key in
 * history.state; positions are remembered per key. Lazily loaded screens may not be tall enough
 * yet, so the restore retries for a short while as content arrives.
 */
import { useLayoutEffect } from 'react';
import { useLocation } from 'wouter';
import {
  focusScreenHeadingWhenShown,
  navigationStarted,
  onThisPage,
  SCREEN_HEADING,
} from '../lib/focus-screen';
import { setHeaderHeight } from '../lib/header-height';

const KEY = 'matchmakerScrollKey';
const RESTORE_FOR_MS = 3_000;
const positions = new Map<string, number>();
let popped = false;
/**
 * True from the moment the history entry changes until the new page's position is set. Scroll
 * events in between come from the old page unmounting or the new one still loading (the document
 * shrinks and the browser clamps scrollY); recording them would overwrite the position the member
 * left, so back or forward would return to the clamped one.
 */
let settling = false;

function entryKey(): string {
  const state: unknown = window.history.state;
  const existing =
    state !== null && typeof state === 'object' && KEY in state
      ? (state as Record<string, unknown>)[KEY]
      : undefined;
  if (typeof existing === 'string') return existing;
  const key = Math.random().toString(36).slice(2);
  const base = state !== null && typeof state === 'object' ? state : {};
  window.history.replaceState({ ...base, [KEY]: key }, '');
  return key;
}

let currentKey = '';
let firstRender = true;

function remember(): void {
  if (currentKey && !settling) positions.set(currentKey, window.scrollY);
}

/**
 * The history entry is changing and the old page is still on screen: take its position now. The
 * scroll event of a scroll made just before (a scrollTo, the last frame of a fling) is dispatched
 * at the next frame, after this, when recording is already paused, so scroll events alone would
 * lose it and back or forward would return to an older position.
 */
function leave(): void {
  remember();
  settling = true;
}

if (typeof window !== 'undefined') {
  window.history.scrollRestoration = 'manual';
  window.addEventListener('popstate', () => {
    popped = true;
    leave();
  });
  // wouter announces its history.pushState calls with this event, before React renders the page.
  window.addEventListener('pushState', leave);
  window.addEventListener('scroll', remember, { passive: true });
}

function restore(y: number): () => void {
  const started = performance.now();
  let frame = 0;
  const step = () => {
    const reachable = document.documentElement.scrollHeight - window.innerHeight >= y;
    window.scrollTo(0, y);
    if (!reachable && performance.now() - started < RESTORE_FOR_MS) frame = requestAnimationFrame(step);
    else settling = false;
  };
  step();
  // The member scrolling or typing wins over the restore.
  const stop = () => {
    cancelAnimationFrame(frame);
    settling = false;
  };
  window.addEventListener('wheel', stop, { once: true, passive: true });
  window.addEventListener('touchstart', stop, { once: true, passive: true });
  window.addEventListener('keydown', stop, { once: true });
  return () => {
    stop();
    window.removeEventListener('wheel', stop);
    window.removeEventListener('touchstart', stop);
    window.removeEventListener('keydown', stop);
  };
}

export function ScrollRestoration() {
  const [path] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation by design
  useLayoutEffect(() => {
    // A page still looking for its focus target gives up: this navigation decides now.
    navigationStarted();
    const wasPop = popped;
    popped = false;
    currentKey = entryKey();
    const saved = positions.get(currentKey);
    if (wasPop && saved !== undefined) return restore(saved);
    window.scrollTo(0, 0);
    settling = false;
    // The first page keeps the browser's own focus, unless its address names a fragment: the
    // browser looked for it before the app had drawn it (a reload of /preferences#email opened at
    // the top). Later pages move focus to their fragment or heading.
    const fragment = decodeFragment(window.location.hash);
    if (!wasPop && (!firstRender || fragment)) focusTarget(fragment, { heading: !firstRender });
    firstRender = false;
    return undefined;
  }, [path]);
  return null;
}

function decodeFragment(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return '';
  }
}

/**
 * Moves focus to the new page's fragment target, else its heading (unless `heading` is false: the
 * first page, whose frame's heading is replaced as it renders), so screen readers announce where
 * the member landed. Lazily loaded screens render later: it looks on each frame for a while.
 * A page whose heading says its screen names where the member is (`data-page-heading="screen"`:
 * an open conversation, whose page heading is only "Messages") hands focus on to the screen's own
 * heading (`data-screen-heading`) once that shows. It gives up when the member moves focus
 * meanwhile, and at the next navigation (a back to the room before: its heading is not where the
 * member asked to go).
 */
function focusTarget(fragment: string, { heading: toHeading = true } = {}): void {
  const started = performance.now();
  const current = onThisPage();
  // Where focus was as the page changed (the link followed, or the body): elsewhere, the member
  // (or a dialog that opened) moved it meanwhile.
  const focusAtStart = document.activeElement;
  // The screen heading of the page being left (one room to the next, wide) is not where they landed.
  const leftScreenHeading = document.querySelector(SCREEN_HEADING);
  let focusedHeading: HTMLElement | null = null;
  const find = () => {
    if (!current()) return;
    // The member moved focus meanwhile: theirs wins.
    const now = document.activeElement;
    if (
      focusedHeading ? now !== focusedHeading : now !== focusAtStart && now !== null && now !== document.body
    )
      return;
    const target = fragment ? document.getElementById(fragment) : null;
    if (target) {
      // A section is not focusable by itself; -1 keeps it out of the tab order.
      if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      // Clear of the header as it is now: it may have grown in this very frame.
      setHeaderHeight();
      target.scrollIntoView({ block: 'start' });
      target.focus({ preventScroll: true });
      return;
    }
    const heading =
      focusedHeading || !toHeading ? null : document.querySelector<HTMLElement>('[data-page-heading]');
    if (heading) {
      heading.focus({ preventScroll: true });
      focusedHeading = heading;
      // The screen's own heading may show much later (a conversation's name once its answers are
      // in, or what went wrong): its search waits as long as a request may take.
      if (!fragment && heading.dataset.pageHeading === 'screen') {
        focusScreenHeadingWhenShown({ leaving: leftScreenHeading });
        return;
      }
    }
    // The fragment's section may render after the page's heading (a lazy part of the page): keep
    // looking.
    const looking = (toHeading && focusedHeading === null) || fragment !== '';
    if (looking && performance.now() - started < RESTORE_FOR_MS) requestAnimationFrame(find);
  };
  requestAnimationFrame(find);
}
