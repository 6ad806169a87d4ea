import { z } from 'zod';
import { KYC_PAGE_SIZE } from '../constants';
import { anyJson, id, page } from './common';
import { boundedBody, boundedText, TEXT_LIMITS } from './limits';

/**
 * Identity verification (KYC) requests (SPEC.md sections 3 and 7). SPEC.md names `user_id` and
 * `user_info` only and does not show status values, so everything is optional and `user_info`
 * is kept as sent.
 */
export const kycRequestSchema = z.looseObject({
  id: id.optional(),
  user_id: id.nullable().optional(),
  /** The applicant's details as the backend sends them; their shape is not shown in SPEC.md. */
  user_info: anyJson.optional(),
});
export type KycRequest = z.infer<typeof kycRequestSchema>;

/** Answer of `POST /verifications/list`: SPEC.md shows `{requests}`. */
export const kycRequestListSchema = z.looseObject({
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
 * Review decision. SPEC.md shows neither the body nor the KYC status values, so the body is open:
 * `status` is the conventional field for the decision and anything else is sent as given.
 */
export const kycReviewSchema = boundedBody(
  z.looseObject({
    status: boundedText(TEXT_LIMITS.name).optional(),
  }),
);
export type KycReview = z.input<typeof kycReviewSchema>;
