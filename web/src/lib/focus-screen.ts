/**
 * The heading a screen marks as saying where the member is (`data-screen-heading`: the other
 * member's name in an open conversation, or what went wrong when it could not open), and the
 * search that gives it focus once it shows. Navigation starts it (app/scroll-restoration.tsx), and
 * so does a Try again that stands where that heading would (components/states.tsx).
 */
import { DEFAULT_REQUEST_TIMEOUT_MS } from '@matchmaker/sdk';

export const SCREEN_HEADING = '[data-screen-heading]';

/**
 * How long a screen's heading may take to show: one request's time limit (the SDK's default).
 * A conversation refused after 4 s on a slow line once left focus where navigation had put it,
 * on a heading a phone does not show, because the search had stopped at 3 s.
 */
export const SCREEN_HEADING_WAIT_MS = DEFAULT_REQUEST_TIMEOUT_MS;

/** Counts navigations: a search gives up once the page it began on is left (a Back included). */
let navigation = 0;

/** A navigation began (app/scroll-restoration.tsx): every search begun before it gives up. */
export function navigationStarted(): void {
  navigation += 1;
}

/** Whether the page is still the one shown when this was called: false once a navigation began. */
export function onThisPage(): () => boolean {
  const page = navigation;
  return () => page === navigation;
}

export interface ScreenHeadingSearch {
  /** The screen heading there now, which is being left (a room's name, a failed room's error). */
  readonly leaving: Element | null;
}

/**
 * Gives focus to the next screen heading that shows, unless the member moves focus meanwhile or
 * leaves the page: the search goes on while focus stays where it was when it began, or falls to
 * the page's body (the control that began it went away, as Try again does when the screen loads
 * again), and ends at the next navigation (a Back once took it to the room returned to).
 */
export function focusScreenHeadingWhenShown({ leaving }: ScreenHeadingSearch): void {
  const from = document.activeElement;
  const started = performance.now();
  const stillHere = onThisPage();
  const look = () => {
    if (!stillHere()) return;
    const now = document.activeElement;
    if (now !== from && now !== null && now !== document.body) return;
    const heading = document.querySelector<HTMLElement>(SCREEN_HEADING);
    if (heading && heading !== leaving) {
      heading.focus({ preventScroll: true });
      return;
    }
    if (performance.now() - started < SCREEN_HEADING_WAIT_MS) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}
