/** How the back office writes dates (by hand, not with Intl: see lib/dates.ts) and names. */
import { formatMediumDate, formatMediumDateTime } from '../../../lib/dates';

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatMediumDateTime(date);
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatMediumDate(date);
}

export function fullName(person: {
  first_name?: string | null;
  last_name?: string | null;
  username?: string;
}): string {
  const name = [person.first_name, person.last_name].filter(Boolean).join(' ');
  return name || person.username || 'Unnamed';
}

/** `YYYY-MM-DD` of a date in UTC, the form the date inputs and the API's ranges use. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function daysAgo(days: number, from = new Date()): string {
  return isoDay(new Date(from.getTime() - days * 86_400_000));
}
