import * as z from 'zod/mini';
import { messageAnswerSchema } from './common';
import { boundedText, TEXT_LIMITS } from './limits';

/**
 * Analytics payloads (SPEC.md sections 3 and 7): the daily-active-user event, the metrics query
 * body shared by the KYC metrics and the aggregate-by-date calls, and the `?start=&end=` range of
 * the recommendation analytics calls.
 */

/** The daily-active-user event; sent only for logged-in non-admin users. */
export const dauEventSchema = z.object({
  device: boundedText(TEXT_LIMITS.name),
  platform: boundedText(TEXT_LIMITS.name),
  metadata: z.object({
    time: boundedText(TEXT_LIMITS.name),
    os: boundedText(TEXT_LIMITS.name),
    browser: boundedText(TEXT_LIMITS.name),
    screen_size: boundedText(TEXT_LIMITS.name),
    timezone: boundedText(TEXT_LIMITS.name),
  }),
});
export type DauEvent = z.infer<typeof dauEventSchema>;

/**
 * Metrics query. SPEC.md names the fields but not their types, values or which are required, so
 * every field is an optional string (dates as the caller formats them, e.g. ISO `YYYY-MM-DD`).
 */
export const metricsQuerySchema = z.object({
  start_date: z.optional(boundedText(TEXT_LIMITS.name)),
  end_date: z.optional(boundedText(TEXT_LIMITS.name)),
  /** Bucket of the aggregation, such as a day or a month; the values are not shown in SPEC.md. */
  date_type: z.optional(boundedText(TEXT_LIMITS.name)),
  status: z.optional(boundedText(TEXT_LIMITS.name)),
});
export type MetricsQuery = z.input<typeof metricsQuerySchema>;

/**
 * A day (`2026-01-31`), an ISO 8601 date-time, or empty for the provider's default range (the
 * last 30 days): a provider reads any other text as some date of its own (`12345` as the year
 * 12345), so the range it answers is not the one asked for.
 */
const rangeBound = z.union([z.iso.date(), z.iso.datetime({ offset: true }), z.literal('')]);

/** `?start=&end=` of the recommendation analytics calls. */
export const dateRangeQuerySchema = z.object({
  start: rangeBound,
  end: rangeBound,
});
export type DateRange = z.input<typeof dateRangeQuerySchema>;

/** `POST /dau/`: acknowledged; `counted` is false when the member was already counted that day. */
export const dauAnswerSchema = z.extend(messageAnswerSchema, {
  date: z.optional(z.string()),
  counted: z.optional(z.boolean()),
});
export type DauAnswer = z.infer<typeof dauAnswerSchema>;
