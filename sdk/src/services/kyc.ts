import { KYC_PAGE_SIZE } from '../constants';
import type { CallOptions } from '../endpoints/define';
import { kycEndpoints } from '../endpoints/kyc';
import type { MetricsQuery } from '../schemas/analytics';
import type { Id } from '../schemas/common';
import type { KycListRequestsInput, KycReview } from '../schemas/kyc';
import type { ServiceContext } from './context';

/** Identity verification: members read their own requests; admins list, review and read documents. */
export function createKycService(ctx: ServiceContext) {
  const { transport } = ctx;
  return {
    /** KYC review metrics for the query's date range and status (admin). */
    metrics(query: MetricsQuery, options?: CallOptions) {
      return transport.call(kycEndpoints.metrics, { body: query }, options);
    },
    /** One page of KYC requests (`{requests}`); fields other than `page` are sent as body filters. */
    listRequests(input: KycListRequestsInput, options?: CallOptions) {
      const { page, ...filters } = input;
      return transport.call(
        kycEndpoints.listRequests,
        { query: { page, per_page: KYC_PAGE_SIZE }, body: filters },
        options,
      );
    },
    /** Records the decision on a KYC request (admin). */
    reviewRequest(id: Id, review: KycReview, options?: CallOptions) {
      return transport.call(kycEndpoints.reviewRequest, { params: { id }, body: review }, options);
    },
    /** A user's KYC requests. */
    listUserRequests(userId: Id, options?: CallOptions) {
      return transport.call(kycEndpoints.listUserRequests, { params: { userId } }, options);
    },
    /** One KYC request of a user. */
    getUserRequest(userId: Id, requestId: Id, options?: CallOptions) {
      return transport.call(kycEndpoints.getUserRequest, { params: { userId, requestId } }, options);
    },
    /** A KYC document file, as a Blob. */
    getDocument(id: Id, options?: CallOptions) {
      return transport.call(kycEndpoints.getDocument, { params: { id } }, options);
    },
  };
}

export type KycService = ReturnType<typeof createKycService>;
