/**
 * The date range (and bucket) of a metrics view, kept in the URL as `?start=&end=&bucket=`. The
 * default is the last 30 days by day, so a shared link without a range still means something.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { Button, TextField } from '../../../components/index';
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
  const [start, setStart] = useState(range.start);
  const [end, setEnd] = useState(range.end);
  const [bucket, setBucket] = useState<string>(range.bucket);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setStart(range.start);
    setEnd(range.end);
    setBucket(range.bucket);
  }, [range.start, range.end, range.bucket]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!DAY.test(start) || !DAY.test(end)) return setError('Give both dates.');
    if (start > end) return setError('The start must be on or before the end.');
    setError(null);
    url.set({ start, end, bucket, page: null });
  };

  return (
    <form className="admin-filters" aria-label="Date range" onSubmit={apply}>
      <TextField
        label="From"
        type="date"
        autoComplete="off"
        value={start}
        onChange={(event) => setStart(event.target.value)}
        error={error}
      />
      <TextField
        label="To"
        type="date"
        autoComplete="off"
        value={end}
        onChange={(event) => setEnd(event.target.value)}
      />
      <SelectField
        label="Group by"
        value={bucket}
        onChange={(event) => setBucket(event.target.value)}
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
