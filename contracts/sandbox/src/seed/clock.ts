/** Seeded dates are relative to an anchor (midnight UTC of the seeding day), so charts end today. */

export const DAY_MS = 86_400_000;

export function startOfUtcDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

// The seed formats some 20,000 timestamps; formatting the time of day by hand and caching the date
// part per day is several times faster than Date#toISOString, which keeps sandbox start-up quick.
const dayCache = new Map<number, string>();

function datePart(day: number): string {
  let text = dayCache.get(day);
  if (text === undefined) {
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    dayCache.set(day, text);
  }
  return text;
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));
const pad3 = (n: number): string => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : String(n));

/** The same text as `new Date(ms).toISOString()`, for dates between 1970 and 9999. */
export function iso(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  if (ms < 0 || day > 2_932_896) return new Date(ms).toISOString();
  let rest = ms - day * DAY_MS;
  const h = Math.floor(rest / 3_600_000);
  rest -= h * 3_600_000;
  const m = Math.floor(rest / 60_000);
  rest -= m * 60_000;
  const s = Math.floor(rest / 1000);
  const milli = rest - s * 1000;
  return `${datePart(day)}T${pad2(h)}:${pad2(m)}:${pad2(s)}.${pad3(milli)}Z`;
}

/** `YYYY-MM-DD` of a timestamp, in UTC. */
export const isoDate = (ms: number): string =>
  ms < 0 ? new Date(ms).toISOString().slice(0, 10) : datePart(Math.floor(ms / DAY_MS));
