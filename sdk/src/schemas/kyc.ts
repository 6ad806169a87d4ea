import * as z from 'zod/mini';
import { KYC_PAGE_SIZE } from '../constants';
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
import { boundedBody } from './limits';

/**
 * Identity verification (KYC) requests (SPEC.md sections 3 and 7). SPEC.md names `user_id` and
 * `user_info` and shows no status values; the statuses and the rest are the reference provider's,
 * proposed as the contract.
 */

/** A request waits (PENDING), is being looked at (IN_REVIEW), or was decided. Always in capitals. */
export const kycStatusSchema = z.enum(['PENDING', 'IN_REVIEW', 'APPROVED', 'REJECTED']);
export type KycStatus = z.infer<typeof kycStatusSchema>;

export const kycDocumentSchema = z.looseObject({
  id,
  filename: z.optional(z.nullable(z.string())),
  content_type: z.optional(z.nullable(z.string())),
  /** Where `kyc.getDocument` downloads it from. */
  url: z.optional(z.string()),
});
export type KycDocument = z.infer<typeof kycDocumentSchema>;

/** The applicant as the reviewer sees them; null when the account no longer exists. */
export const kycApplicantSchema = z.looseObject({
  keycloakId: z.optional(z.string()),
  id: z.optional(id),
  username: z.string(),
  first_name: z.optional(z.nullable(z.string())),
  last_name: z.optional(z.nullable(z.string())),
  email: z.optional(z.nullable(z.string())),
  date_of_birth: z.optional(z.nullable(z.string())),
  sex: z.optional(z.nullable(z.string())),
  country: z.optional(z.nullable(z.string())),
  city: z.optional(z.nullable(z.string())),
  profilePhoto: z.optional(z.nullable(z.string())),
});
export type KycApplicant = z.infer<typeof kycApplicantSchema>;

export const kycRequestSchema = z.looseObject({
  id,
  user_id: id,
  status: kycStatusSchema,
  document_type: z.optional(z.string()),
  documents: z.optional(z.array(kycDocumentSchema)),
  comment: z.optional(z.nullable(z.string())),
  reviewer_id: z.optional(z.nullable(id)),
  created_at: timestamp,
  updated_at: z.optional(timestamp),
  reviewed_at: z.optional(z.nullable(timestamp)),
  user_info: z.nullable(kycApplicantSchema),
});
export type KycRequest = z.infer<typeof kycRequestSchema>;

/** Answer of `POST /verifications/list`: SPEC.md shows `{requests}`; the paging numbers beside it. */
export const kycRequestListSchema = z.extend(pagingSchema, {
  requests: z.array(kycRequestSchema),
});
export type KycRequestList = z.infer<typeof kycRequestListSchema>;

/** Filters of the admin review list; SPEC.md does not name any, so any JSON object is passed through. */
export const kycRequestFiltersSchema = boundedBody(z.looseObject({}));
export type KycRequestFilters = z.input<typeof kycRequestFiltersSchema>;

/** What `kyc.listRequests` takes: the page (sent in the query) and filters (sent as the body). */
export type KycListRequestsInput = { page: number } & KycRequestFilters;

/** `?page=&per_page=15`: the page size is fixed by the contract. */
export const kycListQuerySchema = z.object({ page, per_page: z.literal(KYC_PAGE_SIZE) });

/**
 * Review decision. SPEC.md shows neither the body nor the KYC status values: `status` carries the
 * decision, one of the statuses the answers carry (`kycStatusSchema`), and anything else (a
 * comment) is sent as given.
 */
export const kycReviewSchema = boundedBody(
  z.looseObject({
    status: kycStatusSchema,
  }),
);
export type KycReview = z.input<typeof kycReviewSchema>;

/** `PUT /verifications/{id}`: the request after the decision. */
export const kycReviewedSchema = z.extend(messageAnswerSchema, { request: kycRequestSchema });
export type KycReviewed = z.infer<typeof kycReviewedSchema>;

/**
 * `GET /verifications/users/{userId}`: a member's requests, newest first, with the status of the
 * latest one (`NONE` when there is none) and whether any was approved.
 */
export const kycUserRequestsSchema = z.looseObject({
  user_id: id,
  status: z.union([kycStatusSchema, z.literal('NONE')]),
  verified: z.boolean(),
  requests: z.array(kycRequestSchema),
});
export type KycUserRequests = z.infer<typeof kycUserRequestsSchema>;

/** `POST /metrics`: counts per status over the range, and created requests per bucket. */
export const kycMetricsSchema = z.extend(dateRangeAnswerSchema, {
  /** The status asked for, or null for all. */
  status: z.optional(z.nullable(kycStatusSchema)),
  total: count,
  pending: count,
  in_review: count,
  approved: count,
  rejected: count,
  average_review_hours: z.optional(z.nullable(z.number().check(z.nonnegative()))),
  by_date: z.array(seriesPointSchema),
});
export type KycMetrics = z.infer<typeof kycMetricsSchema>;
