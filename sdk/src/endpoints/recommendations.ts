import { z } from 'zod';
import { dateRangeQuerySchema, metricsQuerySchema } from '../schemas/analytics';
import { id } from '../schemas/common';
import {
  matchAggregationSchema,
  matchMetricsSchema,
  matchRequestAnsweredSchema,
  matchRequestListSchema,
  matchRequestSchema,
  mutualMatchListSchema,
  popularPreferencesSchema,
  recommendationAnsweredSchema,
  recommendationListQuerySchema,
  recommendationPageSchema,
  recommendationResponseSchema,
  sendMatchRequestSchema,
  updateMatchRequestSchema,
  usedFiltersSchema,
} from '../schemas/recommendation';
import { defineEndpoint } from './define';

const BASE = '/api/recommendations/v2';

/**
 * Recommendations, match requests and match analytics (SPEC.md section 7). Answers SPEC.md does
 * not show are the reference provider's, proposed as the contract.
 */
export const recommendationsEndpoints = {
  list: defineEndpoint({
    id: 'recommendations.list',
    method: 'GET',
    path: `${BASE}/matches/recommendations/`,
    provider: 'recommendations',
    access: 'session',
    query: recommendationListQuerySchema,
    response: recommendationPageSchema,
    summary: "One page of the member's recommendations, 50 per page.",
  }),
  respond: defineEndpoint({
    id: 'recommendations.respond',
    method: 'PUT',
    path: `${BASE}/matches/recommendations/{id}`,
    provider: 'recommendations',
    access: 'session',
    params: z.object({ id }),
    body: recommendationResponseSchema,
    response: recommendationAnsweredSchema,
    summary: 'Accepts or rejects a recommendation.',
  }),
  sendRequest: defineEndpoint({
    id: 'recommendations.sendRequest',
    method: 'POST',
    path: `${BASE}/matches/requests`,
    provider: 'recommendations',
    access: 'session',
    body: sendMatchRequestSchema,
    response: matchRequestSchema,
    summary: 'Sends a match request to another member.',
  }),
  updateRequest: defineEndpoint({
    id: 'recommendations.updateRequest',
    method: 'PUT',
    path: `${BASE}/matches/requests`,
    provider: 'recommendations',
    access: 'session',
    body: updateMatchRequestSchema,
    response: matchRequestAnsweredSchema,
    summary: 'Accepts or rejects a pending match request.',
  }),
  listRequests: defineEndpoint({
    id: 'recommendations.listRequests',
    method: 'GET',
    path: `${BASE}/matches/requests`,
    provider: 'recommendations',
    access: 'session',
    response: matchRequestListSchema,
    summary: "The member's match requests.",
  }),
  listMutual: defineEndpoint({
    id: 'recommendations.listMutual',
    method: 'GET',
    path: `${BASE}/matches/requests/mutual`,
    provider: 'recommendations',
    access: 'session',
    response: mutualMatchListSchema,
    summary: "The member's mutual matches (the people they can chat with).",
  }),
  popularPreferences: defineEndpoint({
    id: 'recommendations.popularPreferences',
    method: 'GET',
    path: `${BASE}/analytics/preferences/popular`,
    provider: 'recommendations',
    access: 'session',
    response: popularPreferencesSchema,
    summary: 'The most popular match preferences (admin analytics).',
  }),
  usedFilters: defineEndpoint({
    id: 'recommendations.usedFilters',
    method: 'GET',
    path: `${BASE}/analytics/filters/used`,
    provider: 'recommendations',
    access: 'session',
    query: dateRangeQuerySchema,
    response: usedFiltersSchema,
    summary: 'Search filters used in a date range (admin analytics).',
  }),
  matchMetrics: defineEndpoint({
    id: 'recommendations.matchMetrics',
    method: 'GET',
    path: `${BASE}/analytics/matches/metrics`,
    provider: 'recommendations',
    access: 'session',
    query: dateRangeQuerySchema,
    response: matchMetricsSchema,
    summary: 'Match requests created, accepted and rejected in a date range (admin analytics).',
  }),
  aggregateByDate: defineEndpoint({
    id: 'recommendations.aggregateByDate',
    method: 'POST',
    path: `${BASE}/analytics/aggregate-by-date`,
    provider: 'recommendations',
    access: 'session',
    body: metricsQuerySchema,
    response: matchAggregationSchema,
    summary: 'Match activity grouped by date, for charts (admin analytics).',
  }),
} as const;
