/** The back office's pure helpers: API ranges, chart time axis, field errors, id lists, shortcuts. */
import { HttpError } from '@matchmaker/sdk';
import { describe, expect, it } from 'vitest';
import { dayRange, metricsQuery, rangeFromUrl } from '../../../../src/features/admin/lib/date-range';
import { bucketSeconds } from '../../../../src/features/admin/lib/time-chart';
import type { UrlState } from '../../../../src/features/admin/lib/url-state';
import { fieldErrorsOf } from '../../../../src/lib/form-errors';

function url(params: Record<string, string>): UrlState {
  const search = new URLSearchParams(params);
  return {
    get: (name) => search.get(name) ?? '',
    getAll: (name) => search.getAll(name),
    page: () => 1,
    set: () => {},
    search: search.toString(),
  };
}

describe('date ranges', () => {
  it('includes the chosen last day: the API ends its ranges exclusively', () => {
    const range = rangeFromUrl(url({ start: '2026-01-01', end: '2026-01-31', bucket: 'week' }));
    expect(metricsQuery(range)).toEqual({
      start_date: '2026-01-01',
      end_date: '2026-02-01',
      date_type: 'week',
    });
    expect(dayRange({ ...range, start: '2024-02-01', end: '2024-02-28' })).toEqual({
      start: '2024-02-01',
      end: '2024-02-29',
    });
  });

  it('falls back to the last 30 days by day for missing or malformed values', () => {
    const range = rangeFromUrl(url({ start: '01/02/2026', bucket: 'fortnight' }));
    expect(range.bucket).toBe('day');
    expect(range.start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Date.parse(range.end) - Date.parse(range.start)).toBe(30 * 86_400_000);
  });
});

describe('chart time axis', () => {
  it('reads day, month and year buckets as UTC seconds', () => {
    expect(bucketSeconds('2026-03-05')).toBe(Date.UTC(2026, 2, 5) / 1000);
    expect(bucketSeconds('2026-03')).toBe(Date.UTC(2026, 2, 1) / 1000);
    expect(bucketSeconds('2026')).toBe(Date.UTC(2026, 0, 1) / 1000);
  });
});

describe('field errors of a 400', () => {
  it('maps each path to its field name, first message wins, ignores malformed entries', () => {
    const error = new HttpError(400, {
      message: 'Validation failed',
      errors: [
        { path: 'body.email', message: 'This email is taken' },
        { path: 'body.email', message: 'second' },
        { path: 'body.username' },
        'nonsense',
        null,
      ],
    });
    expect(fieldErrorsOf(error)).toEqual({ email: 'This email is taken' });
    expect(fieldErrorsOf(new Error('plain'))).toEqual({});
  });
});
