import { z } from 'zod';
import { RECOMMENDATIONS_PAGE_SIZE } from '../constants';
import { anyJson, id, page } from './common';
import { imageSchema } from './image';
import { boundedBody } from './limits';
import { profileSchema } from './user';

/**
 * Recommendations and match requests (SPEC.md sections 3, 4 and 7). SPEC.md names a few fields
 * without types and shows only the PENDING status, so every answer field is optional and statuses
 * are plain strings.
 */

/** The status of a match request waiting for the recipient's answer; the only one SPEC.md shows. */
export const MATCH_REQUEST_PENDING = 'PENDING';

/**
 * How a member answers a recommendation or a pending match request. SPEC.md only says "accepted or
 * rejected"; the SDK sends these two values as `status`.
 */
export const matchDecisionSchema = z.enum(['ACCEPTED', 'REJECTED']);
export type MatchDecision = z.infer<typeof matchDecisionSchema>;

const recommendedProfileSchema = z.looseObject({
  ...profileSchema.shape,
  keycloakId: z.string().nullable().optional(),
});

export const recommendationSchema = z.looseObject({
  id: id.optional(),
  recipient_id: id.nullable().optional(),
  metaData: z
    .looseObject({
      profile: recommendedProfileSchema.nullable().optional(),
      /** Image records or plain URLs; SPEC.md does not say which. */
      images: z
        .array(z.union([z.string(), imageSchema]))
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

export const matchRequestSchema = z.looseObject({
  id: id.optional(),
  user_id: id.nullable().optional(),
  recipient_id: id.nullable().optional(),
  status: z.string().nullable().optional(),
  /** Details of the other member as the backend sends them; not shown in SPEC.md. */
  metaData: anyJson.optional(),
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
  created: z.number(),
  accepted: z.number(),
  rejected: z.number(),
});
export type MatchMetrics = z.infer<typeof matchMetricsSchema>;
