import { describe, expect, it } from 'vitest';
import { formatClock, formatMediumDate, formatMediumDateTime, formatMonthDay } from '../../src/lib/dates';

/** Intl's en-US output, with the narrow no-break space some ICU versions put before AM/PM made a space. */
function intl(options: Intl.DateTimeFormatOptions, date: Date): string {
  return new Intl.DateTimeFormat('en-US', options).format(date).replace(/\u202f/g, ' ');
}

/** Every hour of a day at a few minutes, each month's first and last days, years far apart. */
function sampleDates(): Date[] {
  const dates: Date[] = [];
  for (let hour = 0; hour < 24; hour += 1)
    for (const minute of [0, 5, 30, 59]) dates.push(new Date(2026, 10, 27, hour, minute));
  for (const year of [1999, 2000, 2024, 2026, 2099])
    for (let month = 0; month < 12; month += 1) {
      dates.push(new Date(year, month, 1, 9, 7));
      dates.push(new Date(year, month + 1, 0, 23, 59));
    }
  return dates;
}

describe('dates written by hand', () => {
  it("equal Intl's en-US output for every form the app uses", () => {
    const dates = sampleDates();
    expect(dates.length).toBeGreaterThan(200);
    for (const date of dates) {
      expect(formatClock(date)).toBe(intl({ hour: 'numeric', minute: '2-digit' }, date));
      expect(formatMonthDay(date)).toBe(intl({ month: 'short', day: 'numeric' }, date));
      expect(formatMediumDate(date)).toBe(intl({ dateStyle: 'medium' }, date));
      expect(formatMediumDate(date)).toBe(intl({ month: 'short', day: 'numeric', year: 'numeric' }, date));
      expect(formatMediumDateTime(date)).toBe(intl({ dateStyle: 'medium', timeStyle: 'short' }, date));
    }
  });

  it('writes noon and midnight as 12', () => {
    expect(formatClock(new Date(2026, 0, 1, 0, 0))).toBe('12:00 AM');
    expect(formatClock(new Date(2026, 0, 1, 12, 9))).toBe('12:09 PM');
    expect(formatMediumDateTime(new Date(2026, 8, 1, 13, 5))).toBe('Sep 1, 2026, 1:05 PM');
  });
});
