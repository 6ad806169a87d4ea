import { RECOMMENDATIONS_PAGE_SIZE } from '../constants';
import type { CallOptions } from '../endpoints/define';
import { recommendationsEndpoints } from '../endpoints/recommendations';
import type { DateRange, MetricsQuery } from '../schemas/analytics';
import type { Id } from '../schemas/common';
import type {
  RecommendationListInput,
  RecommendationResponse,
  SendMatchRequestInput,
  UpdateMatchRequestInput,
} from '../schemas/recommendation';
import type { ServiceContext } from './context';

/** Recommendations, match requests and mutual matches, plus the admin match analytics. */
export function createRecommendationsService(ctx: ServiceContext) {
  const { transport } = ctx;
  const endpoints = recommendationsEndpoints;
  return {
    /** One page of recommendations, 50 per page. */
    list(input: RecommendationListInput, options?: CallOptions) {
      return transport.call(
        endpoints.list,
        { query: { page: input.page, per_page: RECOMMENDATIONS_PAGE_SIZE } },
        options,
      );
    },
    /** Accepts or rejects a recommendation: `{ status: 'ACCEPTED' | 'REJECTED' }`. */
    respond(id: Id, input: RecommendationResponse, options?: CallOptions) {
      return transport.call(endpoints.respond, { params: { id }, body: input }, options);
    },
    /** Sends a match request to `recipient_id`. */
    sendRequest(input: SendMatchRequestInput, options?: CallOptions) {
      return transport.call(endpoints.sendRequest, { body: input }, options);
    },
    /** Accepts or rejects the pending match request `id`: `{ id, status: 'ACCEPTED' | 'REJECTED' }`. */
    updateRequest(input: UpdateMatchRequestInput, options?: CallOptions) {
      return transport.call(endpoints.updateRequest, { body: input }, options);
    },
    /** The member's match requests. */
    listRequests(options?: CallOptions) {
      return transport.call(endpoints.listRequests, {}, options);
    },
    /** The member's mutual matches. */
    listMutual(options?: CallOptions) {
      return transport.call(endpoints.listMutual, {}, options);
    },
    /** The most popular match preferences (admin). */
    popularPreferences(options?: CallOptions) {
      return transport.call(endpoints.popularPreferences, {}, options);
    },
    /** Search filters used between `start` and `end` (admin). */
    usedFilters(range: DateRange, options?: CallOptions) {
      return transport.call(
        endpoints.usedFilters,
        { query: { start: range.start, end: range.end } },
        options,
      );
    },
    /** Match requests created, accepted and rejected between `start` and `end` (admin). */
    matchMetrics(range: DateRange, options?: CallOptions) {
      return transport.call(
        endpoints.matchMetrics,
        { query: { start: range.start, end: range.end } },
        options,
      );
    },
    /** Match activity grouped by date, for charts (admin). */
    aggregateByDate(query: MetricsQuery, options?: CallOptions) {
      return transport.call(endpoints.aggregateByDate, { body: query }, options);
    },
  };
}

export type RecommendationsService = ReturnType<typeof createRecommendationsService>;
