import * as z from 'zod/mini';
import { metricsQuerySchema } from '../schemas/analytics';
import {
  kycListQuerySchema,
  kycMetricsSchema,
  kycRequestFiltersSchema,
  kycRequestListSchema,
  kycRequestSchema,
  kycReviewedSchema,
  kycReviewSchema,
  kycUserRequestsSchema,
} from '../schemas/kyc';
import { pathId } from '../schemas/limits';
import { defineEndpoint } from './define';

const BASE = '/api/bytebox/v2/kyc';

/** Identity verification (SPEC.md section 7, KYC). Answers SPEC.md does not show are the provider's. */
export const kycEndpoints = {
  metrics: defineEndpoint({
    id: 'kyc.metrics',
    method: 'POST',
    path: `${BASE}/metrics`,
    provider: 'bytebox',
    access: 'session',
    effect: 'read',
    body: metricsQuerySchema,
    response: kycMetricsSchema,
    summary: 'KYC review metrics for a date range (admin).',
  }),
  listRequests: defineEndpoint({
    id: 'kyc.listRequests',
    method: 'POST',
    path: `${BASE}/verifications/list`,
    provider: 'bytebox',
    access: 'session',
    effect: 'read',
    query: kycListQuerySchema,
    body: kycRequestFiltersSchema,
    response: kycRequestListSchema,
    summary: 'One page of KYC requests to review, 15 per page (admin).',
  }),
  reviewRequest: defineEndpoint({
    id: 'kyc.reviewRequest',
    method: 'PUT',
    path: `${BASE}/verifications/{id}`,
    provider: 'bytebox',
    access: 'session',
    effect: 'idempotent',
    params: z.object({ id: pathId }),
    body: kycReviewSchema,
    response: kycReviewedSchema,
    summary: 'Records the decision on a KYC request (admin).',
  }),
  listUserRequests: defineEndpoint({
    id: 'kyc.listUserRequests',
    method: 'GET',
    path: `${BASE}/verifications/users/{userId}`,
    provider: 'bytebox',
    access: 'session',
    effect: 'read',
    params: z.object({ userId: pathId }),
    response: kycUserRequestsSchema,
    summary: "A user's KYC requests; members read their own verification status here.",
  }),
  getUserRequest: defineEndpoint({
    id: 'kyc.getUserRequest',
    method: 'GET',
    path: `${BASE}/verifications/users/{userId}/{requestId}`,
    provider: 'bytebox',
    access: 'session',
    effect: 'read',
    params: z.object({ userId: pathId, requestId: pathId }),
    response: kycRequestSchema,
    summary: 'One KYC request of a user.',
  }),
  getDocument: defineEndpoint({
    id: 'kyc.getDocument',
    method: 'GET',
    path: `${BASE}/documents/{id}`,
    provider: 'bytebox',
    access: 'session',
    effect: 'read',
    params: z.object({ id: pathId }),
    response: 'binary',
    summary: 'A KYC document file (binary).',
  }),
} as const;
