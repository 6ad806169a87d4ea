import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/**
 * Building blocks for the contract schemas. Answers are parsed with `looseObject`: unknown extra
 * keys are kept and never a reason to fail, because the backend may add fields at any time.
 *
 * The schemas are written with zod's functional `zod/mini` API: a web page that checks answers
 * downloads and runs it, and classic zod's chained API was 2.5 times its code (about 14 KB brotli
 * more on every signed-in page; web/README.md, "Speed").
 */

/**
 * zod's English messages ("Invalid input: expected string, received number"), which classic zod
 * sets on import and mini does not ("Invalid input" alone). Set here, in the module the catalogue
 * and every entry of the package load, before anything is parsed, unless the application chose a
 * locale first (zod keeps it as one global setting, which every copy of zod in the process
 * shares). English alone: `z.locales` would bring every language along (64 of them) into a bundle
 * that reaches it through the namespace. A bundle of the SDK's sources that takes only schemas of
 * modules that do not import this one (`limits.ts`, `fields.ts`, `settings.ts`, `location.ts`)
 * would drop this, as the package's `sideEffects: false` allows: their refusals would read
 * "Invalid input". The package's own builds keep it (tsup puts it at the head of the schemas'
 * chunk), and so does the web app, whose client loads this module before it parses anything.
 */
if (!z.config().localeError) z.config(en());

/** Any JSON, typed `unknown` on purpose: only for payloads whose content never matters (token_expired). */
export const anyJson = z.unknown();

/** Identifiers arrive as strings or numbers depending on the service. */
export const id = z.union([z.string(), z.number()]);
export type Id = z.infer<typeof id>;

/** The rule of `page`, the one message of every way of breaking it. */
const PAGE_RULE = 'Must be a whole number of at least 1';

/** A page number as sent: pages count from 1 (`0` is not another name for the first page). */
export const page = z.int({ error: PAGE_RULE }).check(z.minimum(1, { error: PAGE_RULE }));

/** An ISO 8601 date-time as answers carry it (`2026-01-05T10:00:00.000Z`, offsets allowed). */
export const timestamp = z.iso.datetime({ offset: true });

/** A count: a whole number, never negative. */
export const count = z.int().check(z.nonnegative());

/**
 * The paging numbers of every paged answer, beside the page's items. Required: a list view
 * cannot draw its pager without them.
 */
export const pagingSchema = z.looseObject({
  page: z.int().check(z.positive()),
  per_page: z.int().check(z.positive()),
  total: count,
  total_pages: z.int().check(z.positive()),
});
export type Paging = z.infer<typeof pagingSchema>;

/** The acknowledgement most writes answer: a human-readable `message`, plus whatever the call adds. */
export const messageAnswerSchema = z.looseObject({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

/**
 * The answer of a pure acknowledgement (a password reset request, a logout): `{message}`, or no
 * content at all (204), since nothing in it changes what the client does next.
 */
export const acknowledgementSchema = z.optional(messageAnswerSchema);
export type Acknowledgement = z.infer<typeof acknowledgementSchema>;

/** How an analytics answer buckets its series. */
export const dateTypeSchema = z.enum(['day', 'week', 'month', 'year']);
export type DateType = z.infer<typeof dateTypeSchema>;

/** The range an analytics answer covers (the end is exclusive) and its bucket. */
export const dateRangeAnswerSchema = z.looseObject({
  start_date: timestamp,
  end_date: timestamp,
  date_type: dateTypeSchema,
});
export type DateRangeAnswer = z.infer<typeof dateRangeAnswerSchema>;

/** One bucket of a series: `date` is `2026-01-05` (day, week start), `2026-01` (month) or `2026`. */
export const seriesPointSchema = z.looseObject({
  date: z.string().check(z.regex(/^\d{4}(-\d{2}){0,2}$/)),
  count,
});
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

/** A count per value of one field, such as `{country: 'Kenya', count: 12}`. */
export function tallySchema<K extends string>(key: K) {
  return z.looseObject({ [key]: z.string(), count } as { [P in K]: z.ZodMiniString } & {
    count: typeof count;
  });
}
