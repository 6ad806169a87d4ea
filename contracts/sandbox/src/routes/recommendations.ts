/** /api/recommendations/v2: recommendations, match requests, mutual matches and match analytics. */

import { matchRequestView, paginate, recommendationView } from '../core/views';
import { countBy, inRange, parseBucket, parseRange, rangeView, series } from '../domain/analytics';
import { decide, sendMatchRequest } from '../domain/matches';
import { conflict, notFound } from '../http/api-error';
import type { MatchRequestRecord } from '../state/types';
import type { HandlerMap } from './types';

const newestFirst = (a: { created_at: string }, b: { created_at: string }): number =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0;

export const recommendationsHandlers: HandlerMap<'recommendations'> = {
  'recommendations.list': ({ world, user, query, baseUrl }) => {
    const pending = world.store.data.recommendations
      .filter((rec) => rec.user_id === user.keycloakId && rec.status === 'PENDING')
      .sort((a, b) => b.score - a.score || newestFirst(a, b));
    const { items, meta } = paginate(pending, query.page, query.per_page);
    return { recommendations: items.map((rec) => recommendationView(world, baseUrl, rec)), ...meta };
  },

  'recommendations.respond': ({ world, user, params, body, baseUrl }) => {
    const rec = world.store.data.recommendations.find(
      (entry) => entry.id === String(params.id) && entry.user_id === user.keycloakId,
    );
    if (!rec) throw notFound('Recommendation');
    if (rec.status !== 'PENDING')
      throw conflict(`This recommendation is already ${rec.status.toLowerCase()}`);
    rec.status = body.status;
    rec.updated_at = world.nowIso();
    let request: MatchRequestRecord | undefined;
    // Accepting a recommendation expresses interest: it sends (or answers) a match request.
    if (body.status === 'ACCEPTED') {
      try {
        request = sendMatchRequest(world, baseUrl, user, rec.recipient_id, null);
      } catch {
        request = undefined;
      }
    }
    return {
      message: `Recommendation ${body.status.toLowerCase()}`,
      recommendation: recommendationView(world, baseUrl, rec),
      match_request: request ? matchRequestView(world, baseUrl, request, user.keycloakId) : null,
    };
  },

  'recommendations.sendRequest': ({ world, user, body, baseUrl }) => {
    const extra = body as Record<string, unknown>;
    const note = typeof extra.message === 'string' ? extra.message : null;
    const request = sendMatchRequest(world, baseUrl, user, String(body.recipient_id), note);
    return matchRequestView(world, baseUrl, request, user.keycloakId);
  },

  'recommendations.updateRequest': ({ world, user, body, baseUrl }) => {
    const request = world.store.data.matchRequests.find((entry) => entry.id === String(body.id));
    if (!request || request.recipient_id !== user.keycloakId) throw notFound('Match request');
    const sender = world.store.user(request.user_id);
    if (!sender) throw notFound('Member');
    decide(world, baseUrl, sender, request, body.status, user);
    return {
      message: `Match request ${body.status.toLowerCase()}`,
      request: matchRequestView(world, baseUrl, request, user.keycloakId),
    };
  },

  'recommendations.listRequests': ({ world, user, baseUrl }) => {
    const mine = world.store.data.matchRequests
      .filter((entry) => entry.user_id === user.keycloakId || entry.recipient_id === user.keycloakId)
      .sort(newestFirst);
    const views = mine.map((entry) => matchRequestView(world, baseUrl, entry, user.keycloakId));
    return {
      requests: views,
      incoming: views.filter((view) => view.direction === 'incoming' && view.status === 'PENDING').length,
      outgoing: views.filter((view) => view.direction === 'outgoing' && view.status === 'PENDING').length,
    };
  },

  'recommendations.listMutual': ({ world, user, baseUrl }) => {
    const accepted = world.store.data.matchRequests
      .filter(
        (entry) =>
          entry.status === 'ACCEPTED' &&
          (entry.user_id === user.keycloakId || entry.recipient_id === user.keycloakId),
      )
      .sort((a, b) => (a.updated_at < b.updated_at ? 1 : -1));
    return { matches: accepted.map((entry) => matchRequestView(world, baseUrl, entry, user.keycloakId)) };
  },

  'recommendations.popularPreferences': ({ world }) => {
    const uses = world.store.data.filterUses;
    return {
      preferences: countBy(uses, (use) => `${use.filter}=${use.value}`, 20).map((entry) => {
        const [filter = '', value = ''] = entry.key.split('=');
        return { filter, value, count: entry.count };
      }),
      by_filter: countBy(uses, (use) => use.filter).map((entry) => ({
        filter: entry.key,
        count: entry.count,
      })),
      total: uses.length,
    };
  },

  'recommendations.usedFilters': ({ world, query }) => {
    const range = parseRange(query.start, query.end, world.now());
    const uses = world.store.data.filterUses.filter((use) => inRange(use.date, range));
    return {
      ...rangeView(range, 'day'),
      total: uses.length,
      filters: countBy(uses, (use) => use.filter).map((entry) => ({ filter: entry.key, count: entry.count })),
      by_date: series(uses, (use) => use.date, range, 'day'),
    };
  },

  'recommendations.matchMetrics': ({ world, query }) => {
    const range = parseRange(query.start, query.end, world.now());
    const created = world.store.data.matchRequests.filter((entry) => inRange(entry.created_at, range));
    return {
      start: query.start,
      end: query.end,
      created: created.length,
      accepted: created.filter((entry) => entry.status === 'ACCEPTED').length,
      rejected: created.filter((entry) => entry.status === 'REJECTED').length,
      pending: created.filter((entry) => entry.status === 'PENDING').length,
    };
  },

  'recommendations.aggregateByDate': ({ world, body }) => {
    const range = parseRange(body.start_date, body.end_date, world.now());
    const bucket = parseBucket(body.date_type);
    const status = body.status?.toUpperCase();
    const all = world.store.data.matchRequests;
    const dated = (entry: MatchRequestRecord) => entry.created_at;
    const byStatus = (wanted: string) =>
      series(
        all.filter((entry) => entry.status === wanted),
        dated,
        range,
        bucket,
      );
    const created = series(all, dated, range, bucket);
    const accepted = byStatus('ACCEPTED');
    const rejected = byStatus('REJECTED');
    const pending = byStatus('PENDING');
    const selected = status ? byStatus(status) : created;
    return {
      ...rangeView(range, bucket),
      status: status ?? null,
      data: created.map((point, index) => ({
        date: point.date,
        count: selected[index]?.count ?? 0,
        created: point.count,
        accepted: accepted[index]?.count ?? 0,
        rejected: rejected[index]?.count ?? 0,
        pending: pending[index]?.count ?? 0,
      })),
    };
  },
};
