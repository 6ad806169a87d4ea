/**
 * The date range (and bucket) of a metrics view, kept in the URL as `?start=&end=&bucket=`. The
 * default is the last 30 days by day, so a shared link without a range still means something.
 */
import { useEffect } from 'react';
import { Button, TextField } from '../../../components/index';
import { useForm } from '../../../lib/use-form';
import { daysAgo, isoDay } from './format';
import { SelectField } from './select-field';
import { DATE_TYPE_LABELS, type DateType, isKey } from './types';
import type { UrlState } from './url-state';

export interface ChosenRange {
  start: string;
  end: string;
  bucket: DateType;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function rangeFromUrl(url: UrlState): ChosenRange {
  const start = url.get('start');
  const end = url.get('end');
  const bucket = url.get('bucket');
  return {
    start: DAY.test(start) ? start : daysAgo(30),
    end: DAY.test(end) ? end : isoDay(new Date()),
    bucket: isKey(DATE_TYPE_LABELS, bucket) ? bucket : 'day',
  };
}

export function DateRangeForm({ url, range }: { url: UrlState; range: ChosenRange }) {
  const form = useForm({
    initial: { start: range.start, end: range.end, bucket: range.bucket as string },
    // Both messages sit under "From", where the range is read from.
    validate: ({ start, end }) => ({
      start:
        !DAY.test(start) || !DAY.test(end)
          ? 'Give both dates.'
          : start > end
            ? 'The start must be on or before the end.'
            : undefined,
    }),
    // No server call: the URL is the range, and the page's reads follow it.
    submit: async ({ start, end, bucket }) => url.set({ start, end, bucket, page: null }),
  });
  // The draft follows the URL when it changes (Back, a link).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the three values stand for `range`
  useEffect(
    () => form.reset({ start: range.start, end: range.end, bucket: range.bucket }),
    [range.start, range.end, range.bucket],
  );

  return (
    <form className="admin-filters" aria-label="Date range" onSubmit={form.onSubmit}>
      <TextField label="From" type="date" autoComplete="off" {...form.field('start')} />
      <TextField label="To" type="date" autoComplete="off" {...form.field('end')} />
      <SelectField
        label="Group by"
        value={form.values.bucket}
        onChange={form.field('bucket').onChange}
        options={Object.entries(DATE_TYPE_LABELS)}
      />
      <div className="admin-filters__actions">
        <Button type="submit">Show</Button>
      </div>
    </form>
  );
}

function nextDay(day: string): string {
  return isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000));
}

/** The API's ranges end exclusively; the form's "To" day is included, so the query ends a day later. */
export function metricsQuery(range: ChosenRange): {
  start_date: string;
  end_date: string;
  date_type: DateType;
} {
  return { start_date: range.start, end_date: nextDay(range.end), date_type: range.bucket };
}

export function dayRange(range: ChosenRange): { start: string; end: string } {
  return { start: range.start, end: nextDay(range.end) };
}
