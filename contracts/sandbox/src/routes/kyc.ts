/** /api/bytebox/v2/kyc: identity verification requests, their review and their documents. */

import { kycRequestView, paginate } from '../core/views';
import type { World } from '../core/world';
import { countBy, inRange, parseBucket, parseRange, rangeView, series } from '../domain/analytics';
import { kycDocumentBytes } from '../domain/files';
import { notify } from '../domain/notify';
import { isAdminUser } from '../http/access';
import { fieldError, notAllowed, notFound } from '../http/api-error';
import { own } from '../state/dict';
import type { KycRequestRecord, KycStatus, UserRecord } from '../state/types';
import type { HandlerMap } from './types';

const STATUS_WORDS: Record<string, KycStatus> = {
  approved: 'APPROVED',
  approve: 'APPROVED',
  accepted: 'APPROVED',
  verified: 'APPROVED',
  rejected: 'REJECTED',
  reject: 'REJECTED',
  declined: 'REJECTED',
  denied: 'REJECTED',
  in_review: 'IN_REVIEW',
  review: 'IN_REVIEW',
  pending: 'PENDING',
};

export function parseKycStatus(value: unknown): KycStatus | undefined {
  if (typeof value === 'boolean') return value ? 'APPROVED' : 'REJECTED';
  if (typeof value !== 'string') return undefined;
  return own(
    STATUS_WORDS,
    value
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_'),
  );
}

function ownOrAdmin(user: UserRecord, userId: string | number): void {
  if (String(userId) !== user.keycloakId && !isAdminUser(user))
    throw notAllowed('You can only read your own verification');
}

function requestOf(world: World, id: string | number): KycRequestRecord {
  const request = world.store.data.kycRequests.find((entry) => entry.id === String(id));
  if (!request) throw notFound('KYC request');
  return request;
}

export const kycHandlers: HandlerMap<'kyc'> = {
  'kyc.metrics': ({ world, body }) => {
    const range = parseRange(body.start_date, body.end_date, world.now());
    const bucket = parseBucket(body.date_type);
    const wanted = body.status ? parseKycStatus(body.status) : undefined;
    const all = world.store.data.kycRequests.filter((request) => inRange(request.created_at, range));
    const selected = wanted ? all.filter((request) => request.status === wanted) : all;
    const reviewed = all.filter((request) => request.reviewed_at !== null);
    const hours = reviewed.map(
      (request) => (Date.parse(request.reviewed_at as string) - Date.parse(request.created_at)) / 3_600_000,
    );
    const byStatus = Object.fromEntries(
      countBy(all, (request) => request.status).map((entry) => [entry.key, entry.count]),
    );
    return {
      ...rangeView(range, bucket),
      status: wanted ?? null,
      total: selected.length,
      pending: byStatus.PENDING ?? 0,
      in_review: byStatus.IN_REVIEW ?? 0,
      approved: byStatus.APPROVED ?? 0,
      rejected: byStatus.REJECTED ?? 0,
      average_review_hours: hours.length
        ? Math.round((hours.reduce((a, b) => a + b, 0) / hours.length) * 10) / 10
        : null,
      by_date: series(selected, (request) => request.created_at, range, bucket),
    };
  },

  'kyc.listRequests': ({ world, query, body, baseUrl }) => {
    const filters = body as Record<string, unknown>;
    const status = parseKycStatus(filters.status);
    const userId = filters.user_id === undefined ? undefined : String(filters.user_id);
    const requests = world.store.data.kycRequests
      .filter((request) => (!status || request.status === status) && (!userId || request.user_id === userId))
      .slice()
      .reverse();
    const { items, meta } = paginate(requests, query.page, query.per_page);
    return { requests: items.map((request) => kycRequestView(world, baseUrl, request)), ...meta };
  },

  'kyc.reviewRequest': ({ world, params, body, user, baseUrl }) => {
    const request = requestOf(world, params.id);
    const extra = body as Record<string, unknown>;
    const status = parseKycStatus(body.status ?? extra.decision ?? extra.approved);
    if (!status) throw fieldError('body.status', 'Give the decision as status APPROVED or REJECTED');
    const now = world.nowIso();
    request.status = status;
    request.updated_at = now;
    const comment = extra.comment ?? extra.reason ?? extra.note;
    if (typeof comment === 'string') request.comment = comment;
    if (status === 'APPROVED' || status === 'REJECTED') {
      request.reviewer_id = user.keycloakId;
      request.reviewed_at = now;
      notify(world, baseUrl, {
        user_id: request.user_id,
        actor_id: null,
        type: 'KYC',
        body:
          status === 'APPROVED'
            ? 'Your identity has been verified'
            : 'Your identity verification was not accepted',
        related_id: request.id,
      });
    }
    return {
      message: `KYC request ${status.toLowerCase()}`,
      request: kycRequestView(world, baseUrl, request),
    };
  },

  'kyc.listUserRequests': ({ world, params, user, baseUrl }) => {
    ownOrAdmin(user, params.userId);
    const requests = world.store.data.kycRequests.filter(
      (request) => request.user_id === String(params.userId),
    );
    const latest = requests[requests.length - 1];
    return {
      user_id: String(params.userId),
      status: latest?.status ?? 'NONE',
      verified: requests.some((request) => request.status === 'APPROVED'),
      requests: requests
        .slice()
        .reverse()
        .map((request) => kycRequestView(world, baseUrl, request)),
    };
  },

  'kyc.getUserRequest': ({ world, params, user, baseUrl }) => {
    ownOrAdmin(user, params.userId);
    const request = requestOf(world, params.requestId);
    if (request.user_id !== String(params.userId)) throw notFound('KYC request');
    return kycRequestView(world, baseUrl, request);
  },

  'kyc.getDocument': ({ world, params, user }) => {
    const doc = world.store.kycDocument(String(params.id));
    if (!doc) throw notFound('Document');
    ownOrAdmin(user, doc.user_id);
    return kycDocumentBytes(world, doc);
  },
};
