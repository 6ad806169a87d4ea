/**
 * Dates as the app writes them (SPEC.md's one locale, en-US, in the browser's time zone), built
 * by hand rather than with Intl.DateTimeFormat. A page's first Intl date format loads ICU's
 * locale and time-zone data: 30-110 ms of main thread on a phone (Chromium at 4x CPU slowdown),
 * which the chat and the back office paid while their first screen's modules were evaluated, before
 * anything rendered. The output equals Intl's en-US output for these forms
 * (test/lib/dates.format.test.ts compares them).
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `3:05 PM`: Intl's `{ hour: 'numeric', minute: '2-digit' }` (and `timeStyle: 'short'`). */
export function formatClock(date: Date): string {
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** `Nov 27`: Intl's `{ month: 'short', day: 'numeric' }`. */
export function formatMonthDay(date: Date): string {
  return `${MONTHS[date.getMonth()]} ${date.getDate()}`;
}

/** `Nov 27, 2026`: Intl's `dateStyle: 'medium'` (and `{ month: 'short', day: 'numeric', year: 'numeric' }`). */
export function formatMediumDate(date: Date): string {
  return `${formatMonthDay(date)}, ${date.getFullYear()}`;
}

/** `Nov 27, 2026, 3:05 PM`: Intl's `{ dateStyle: 'medium', timeStyle: 'short' }`. */
export function formatMediumDateTime(date: Date): string {
  return `${formatMediumDate(date)}, ${formatClock(date)}`;
}
