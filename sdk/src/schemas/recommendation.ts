import * as z from 'zod/mini';
import { RECOMMENDATIONS_PAGE_SIZE } from '../constants';
import {
  count,
  dateRangeAnswerSchema,
  id,
  messageAnswerSchema,
  page,
  pagingSchema,
  seriesPointSchema,
  timestamp,
} from './common';
import { imageSchema } from './image';
import { boundedBody } from './limits';
import { publicProfileSchema } from './user';

/**
 * Recommendations and match requests (SPEC.md sections 3, 4 and 7). SPEC.md names metaData,
 * recipient_id, user_id and status and shows the PENDING status; the rest is the reference
 * provider's answer, proposed as the contract.
 */

/** The status of a match request waiting for the recipient's answer; the only one SPEC.md shows. */
export const MATCH_REQUEST_PENDING = 'PENDING';

/**
 * How a member answers a recommendation or a pending match request. SPEC.md only says "accepted or
 * rejected"; the SDK sends these two values as `status`.
 */
export const matchDecisionSchema = z.enum(['ACCEPTED', 'REJECTED']);
export type MatchDecision = z.infer<typeof matchDecisionSchema>;

/** Where a recommendation or a match request stands; clients show only PENDING ones. */
export const matchStatusSchema = z.enum(['PENDING', 'ACCEPTED', 'REJECTED']);
export type MatchStatus = z.infer<typeof matchStatusSchema>;

/** The other member of a recommendation or match request: their public profile and images. */
export const matchMetaDataSchema = z.looseObject({
  /** Null when the member's account no longer exists. */
  profile: z.nullable(publicProfileSchema),
  images: z.array(imageSchema),
});
export type MatchMetaData = z.infer<typeof matchMetaDataSchema>;

export const recommendationSchema = z.looseObject({
  id,
  user_id: z.optional(id),
  recipient_id: id,
  status: matchStatusSchema,
  score: z.optional(z.number()),
  created_at: timestamp,
  updated_at: z.optional(timestamp),
  metaData: matchMetaDataSchema,
});
export type Recommendation = z.infer<typeof recommendationSchema>;

export const matchRequestSchema = z.looseObject({
  id,
  user_id: id,
  recipient_id: id,
  status: matchStatusSchema,
  /** The sender's note, if any. */
  message: z.optional(z.nullable(z.string())),
  /** As the caller sees it: sent to them (incoming) or by them (outgoing). */
  direction: z.optional(z.enum(['incoming', 'outgoing'])),
  created_at: timestamp,
  updated_at: z.optional(timestamp),
  metaData: z.extend(matchMetaDataSchema, {
    /** The chat room of the two members, once there is one. */
    room: z.optional(z.nullable(id)),
  }),
});
export type MatchRequest = z.infer<typeof matchRequestSchema>;

/** `?page=&per_page=50`: the page size is fixed by the contract. */
export const recommendationListQuerySchema = z.object({
  page,
  per_page: z.literal(RECOMMENDATIONS_PAGE_SIZE),
});
export interface RecommendationListInput {
  page: number;
}

/** Body of `PUT /matches/recommendations/{id}`. */
export const recommendationResponseSchema = z.object({ status: matchDecisionSchema });
export type RecommendationResponse = z.input<typeof recommendationResponseSchema>;

/**
 * Body of `POST /matches/requests`. SPEC.md names `recipient_id` on a match request; other fields
 * (a note, say) are passed through.
 */
export const sendMatchRequestSchema = boundedBody(z.looseObject({ recipient_id: id }));
export type SendMatchRequestInput = z.input<typeof sendMatchRequestSchema>;

/**
 * Body of `PUT /matches/requests`: the path has no id, so the body names the match request by `id`
 * and carries the decision as `status`.
 */
export const updateMatchRequestSchema = z.object({ id, status: matchDecisionSchema });
export type UpdateMatchRequestInput = z.input<typeof updateMatchRequestSchema>;

/**
 * Answer of `GET /analytics/matches/metrics`: SPEC.md shows `{created, accepted, rejected}`. The SDK
 * reads them as counts of match requests in the range.
 */
export const matchMetricsSchema = z.looseObject({
  created: count,
  accepted: count,
  rejected: count,
  pending: z.optional(count),
  start: z.optional(z.string()),
  end: z.optional(z.string()),
});
export type MatchMetrics = z.infer<typeof matchMetricsSchema>;

/* Answers of the other recommendation calls: the reference provider's, proposed as the contract. */

/** `GET /matches/recommendations/`: one page of pending recommendations, best first. */
export const recommendationPageSchema = z.extend(pagingSchema, {
  recommendations: z.array(recommendationSchema),
});
export type RecommendationPage = z.infer<typeof recommendationPageSchema>;

/** Answering a recommendation; accepting one sends a match request (null when none was sent). */
export const recommendationAnsweredSchema = z.extend(messageAnswerSchema, {
  recommendation: recommendationSchema,
  match_request: z.optional(z.nullable(matchRequestSchema)),
});
export type RecommendationAnswered = z.infer<typeof recommendationAnsweredSchema>;

/** `PUT /matches/requests`: the request after the decision. */
export const matchRequestAnsweredSchema = z.extend(messageAnswerSchema, { request: matchRequestSchema });
export type MatchRequestAnswered = z.infer<typeof matchRequestAnsweredSchema>;

/** `GET /matches/requests`: both directions, newest first, with the pending counts. */
export const matchRequestListSchema = z.looseObject({
  requests: z.array(matchRequestSchema),
  incoming: z.optional(count),
  outgoing: z.optional(count),
});
export type MatchRequestList = z.infer<typeof matchRequestListSchema>;

/** `GET /matches/requests/mutual`: the accepted requests, most recent first. */
export const mutualMatchListSchema = z.looseObject({ matches: z.array(matchRequestSchema) });
export type MutualMatchList = z.infer<typeof mutualMatchListSchema>;

const filterTallySchema = z.looseObject({ filter: z.string(), count });

/** `GET /analytics/preferences/popular`: the most used filter values, most used first. */
export const popularPreferencesSchema = z.looseObject({
  preferences: z.array(z.extend(filterTallySchema, { value: z.string() })),
  by_filter: z.optional(z.array(filterTallySchema)),
  total: count,
});
export type PopularPreferences = z.infer<typeof popularPreferencesSchema>;

/** `GET /analytics/filters/used`: filter uses over the range, per filter and per day. */
export const usedFiltersSchema = z.extend(dateRangeAnswerSchema, {
  total: count,
  filters: z.array(filterTallySchema),
  by_date: z.array(seriesPointSchema),
});
export type UsedFilters = z.infer<typeof usedFiltersSchema>;

/** One bucket of `aggregate-by-date`: `count` is the status asked for, the others every status. */
export const matchDatePointSchema = z.extend(seriesPointSchema, {
  created: z.optional(count),
  accepted: z.optional(count),
  rejected: z.optional(count),
  pending: z.optional(count),
});

/** `POST /analytics/aggregate-by-date`: match requests per bucket over the range. */
export const matchAggregationSchema = z.extend(dateRangeAnswerSchema, {
  /** The status asked for, as understood (upper case), or null for all. */
  status: z.optional(z.nullable(z.string())),
  data: z.array(matchDatePointSchema),
});
export type MatchAggregation = z.infer<typeof matchAggregationSchema>;
