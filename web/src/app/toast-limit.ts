/**
 * How many toasts show at once, and which give way. On a short view (a phone on its side, or a
 * small one with larger text: 30rem follows the text size) one, as a snackbar does: three within
 * 4 s stacked down over a room's composer there. Elsewhere three, so a burst never hides the page.
 */
import type { Toast } from 'react-hot-toast';

export const SHORT_VIEW = '(max-height: 30rem)';
export const MOST_SHOWN = { short: 1, tall: 3 } as const;

/**
 * The ids of the shown toasts to dismiss so that at most `most` show. An error stays before any
 * other toast (on a short view an upload's refusal is not pushed out by a live notification,
 * which the badge keeps anyway); otherwise the newer stays. A toast updated by id (a loading one
 * given its outcome) is as new as its update: react-hot-toast stamps the update's time on it.
 */
export function toastsPastLimit(toasts: readonly Toast[], most: number): string[] {
  const isError = (toast: Toast) => (toast.type === 'error' ? 1 : 0);
  return toasts
    .filter((toast) => toast.visible)
    .sort((a, b) => isError(b) - isError(a) || b.createdAt - a.createdAt)
    .slice(most)
    .map((toast) => toast.id);
}
