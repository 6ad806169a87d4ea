import { z } from 'zod';
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
  start_date: boundedText(TEXT_LIMITS.name).optional(),
  end_date: boundedText(TEXT_LIMITS.name).optional(),
  /** Bucket of the aggregation, such as a day or a month; the values are not shown in SPEC.md. */
  date_type: boundedText(TEXT_LIMITS.name).optional(),
  status: boundedText(TEXT_LIMITS.name).optional(),
});
export type MetricsQuery = z.input<typeof metricsQuerySchema>;

/** `?start=&end=` of the recommendation analytics calls; dates as the caller formats them. */
export const dateRangeQuerySchema = z.object({
  start: boundedText(TEXT_LIMITS.name),
  end: boundedText(TEXT_LIMITS.name),
});
export type DateRange = z.input<typeof dateRangeQuerySchema>;

/** `POST /dau/`: acknowledged; `counted` is false when the member was already counted that day. */
export const dauAnswerSchema = messageAnswerSchema.extend({
  date: z.string().optional(),
  counted: z.boolean().optional(),
});
export type DauAnswer = z.infer<typeof dauAnswerSchema>;
