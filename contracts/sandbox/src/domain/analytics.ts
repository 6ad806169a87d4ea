/**
 * Date ranges and buckets for the analytics answers. Every series lists each bucket of the range,
 * zeros included, so a chart can be drawn straight from the answer.
 */
import { DAY_MS, isoDate, startOfUtcDay } from '../seed/clock';

export type Bucket = 'day' | 'week' | 'month' | 'year';

export interface Range {
  start: number;
  /** Exclusive. */
  end: number;
}

const DEFAULT_DAYS = 30;

function parseDate(text: string | undefined | null): number | undefined {
  if (!text) return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * A range from optional start and end texts. A bare date as the end includes that whole day. The
 * default is the last 30 days up to now.
 */
export function parseRange(
  startText: string | undefined | null,
  endText: string | undefined | null,
  now: number,
): Range {
  const endParsed = parseDate(endText);
  const end =
    endParsed === undefined
      ? startOfUtcDay(now) + DAY_MS
      : endText && /^\d{4}-\d{2}-\d{2}$/.test(endText)
        ? endParsed + DAY_MS
        : endParsed;
  const start = parseDate(startText) ?? end - DEFAULT_DAYS * DAY_MS;
  return start <= end ? { start, end } : { start: end, end: start };
}

export function parseBucket(text: string | undefined | null): Bucket {
  const value = (text ?? '').toLowerCase();
  if (value.startsWith('week')) return 'week';
  if (value.startsWith('month')) return 'month';
  if (value.startsWith('year')) return 'year';
  return 'day';
}

/** The bucket a timestamp belongs to, as the text the answers carry (`2026-01-05`, `2026-01`, `2026`). */
export function bucketKey(ms: number, bucket: Bucket): string {
  switch (bucket) {
    case 'day':
      return isoDate(ms);
    case 'week': {
      // Weeks start on Monday.
      const day = startOfUtcDay(ms);
      const weekday = (new Date(day).getUTCDay() + 6) % 7;
      return isoDate(day - weekday * DAY_MS);
    }
    case 'month':
      return isoDate(ms).slice(0, 7);
    case 'year':
      return isoDate(ms).slice(0, 4);
  }
}

/** Every bucket of a range, in order. */
export function bucketsOf(range: Range, bucket: Bucket): string[] {
  const keys: string[] = [];
  let cursor = startOfUtcDay(range.start);
  let guard = 0;
  while (cursor < range.end && guard < 5_000) {
    const key = bucketKey(cursor, bucket);
    if (keys[keys.length - 1] !== key) keys.push(key);
    cursor += DAY_MS;
    guard += 1;
  }
  return keys;
}

export function inRange(iso: string, range: Range): boolean {
  const ms = Date.parse(iso);
  return ms >= range.start && ms < range.end;
}

/** Counts per bucket, with every bucket present. */
export function series<T>(
  items: readonly T[],
  dateOf: (item: T) => string,
  range: Range,
  bucket: Bucket,
): { date: string; count: number }[] {
  const counts = new Map(bucketsOf(range, bucket).map((key) => [key, 0]));
  for (const item of items) {
    const at = Date.parse(dateOf(item));
    if (at < range.start || at >= range.end) continue;
    const key = bucketKey(at, bucket);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([date, count]) => ({ date, count }));
}

/** Counts per value, largest first. */
export function countBy<T>(items: readonly T[], keyOf: (item: T) => string | null | undefined, limit = 50) {
  const counts = new Map<string, number>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === null || key === undefined || key === '') continue;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([key, count]) => ({ key, count }));
}

export function rangeView(range: Range, bucket: Bucket) {
  return {
    start_date: new Date(range.start).toISOString(),
    end_date: new Date(range.end).toISOString(),
    date_type: bucket,
  };
}
