/**
 * recommendations: recommendations (with an empty page), match requests, mutual matches and the
 * admin match analytics.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN, MATCH, MEMBER, OTHER, RANGE, RECOMMENDATION } from '../../src/examples';
import { range as answerRange, imageBody, paging, publicProfileBody, series } from '../support/bodies';
import { adminClient, memberClient } from '../support/clients';
import {
  eachLike,
  fromState,
  instant,
  integer,
  interaction,
  isoDate,
  json,
  like,
  listOf,
  MATCH_STATUS,
  oneOf,
  pactWith,
  pageNumber,
  pageOf,
  pathOf,
  request,
  state,
  stateValue,
} from '../support/pact';

const pact = pactWith('recommendations');
const loggedIn = state('memberLoggedIn', { userId: MEMBER.userId });
const asAdmin = state('adminLoggedIn', { adminId: ADMIN.adminId });
const recommended = state('recommendation', {
  userId: MEMBER.userId,
  recommendationId: RECOMMENDATION.recommendationId,
  id: OTHER.id,
});
const incoming = state('incomingRequest', {
  id: OTHER.id,
  userId: MEMBER.userId,
  requestId: RECOMMENDATION.requestId,
});
const activity = state('matchActivity', { start: RANGE.start, end: RANGE.end });
const token = MEMBER.accessToken;
const firstPage = { page: pageNumber(1), per_page: '50' };
const range = { start: isoDate(RANGE.start), end: isoDate(RANGE.end) };
const metricsQuery = { start_date: RANGE.start, end_date: RANGE.end, date_type: 'day' };

/** SPEC.md section 3: metaData.profile.keycloakId and metaData.images. */
const aboutOther = (id: string, username: string) => ({
  profile: publicProfileBody(id, username),
  images: listOf(imageBody(id, `${id}-profile.png`)),
});

/** A match request as a member sees it; metaData describes the other member. */
const matchRequest = (
  from: string,
  to: string,
  other: string,
  otherName: string,
  status: (typeof MATCH_STATUS)[number],
) => ({
  id: like(RECOMMENDATION.requestId),
  user_id: like(from),
  recipient_id: like(to),
  status: oneOf(MATCH_STATUS, status),
  created_at: instant(),
  metaData: aboutOther(other, otherName),
});

const recommendation = (status: (typeof MATCH_STATUS)[number]) => ({
  id: like(RECOMMENDATION.recommendationId),
  recipient_id: like(OTHER.id),
  status: oneOf(MATCH_STATUS, status),
  created_at: instant(),
  metaData: aboutOther(OTHER.id, OTHER.username),
});

describe('recommendations: members', () => {
  it('recommendations.list: a full page of 50', () =>
    interaction(pact, 'recommendations.list', 'a member with 55 recommendations reading the first page')
      .given(...loggedIn)
      .given(...state('manyRecommendations', { userId: MEMBER.userId, count: '55' }))
      .withRequest('GET', pathOf('recommendations.list'), request({ token, query: firstPage }))
      .willRespondWith(
        200,
        json({
          // SPEC.md: per_page=50. Seeded with 55, the first page holds exactly 50.
          recommendations: pageOf(recommendation('PENDING'), 50),
          ...paging(50),
        }),
      )
      .executeTest(async (server) => {
        const page = await memberClient(server).recommendations.list({ page: 1 });
        expect(page).toMatchObject({ recommendations: expect.any(Array) });
      }));

  it('recommendations.list answers an empty page', () =>
    interaction(pact, 'recommendations.list', 'a member without recommendations reading the first page')
      .given(...loggedIn)
      .given(...state('noRecommendations', { userId: MEMBER.userId }))
      .withRequest('GET', pathOf('recommendations.list'), request({ token, query: firstPage }))
      .willRespondWith(200, json({ recommendations: [], ...paging(50, 1, 0) }))
      .executeTest(async (server) => {
        expect(await memberClient(server).recommendations.list({ page: 1 })).toMatchObject({
          recommendations: [],
        });
      }));

  it('recommendations.respond', () =>
    interaction(pact, 'recommendations.respond', 'a member accepting a recommendation')
      .given(...loggedIn)
      .given(...recommended)
      .withRequest(
        'PUT',
        pathOf('recommendations.respond', {
          id: fromState('recommendationId', RECOMMENDATION.recommendationId),
        }),
        request({ token, body: { status: 'ACCEPTED' } }),
      )
      .willRespondWith(
        200,
        json({ message: like('Recommendation accepted'), recommendation: recommendation('ACCEPTED') }),
      )
      .executeTest(async (server) => {
        await memberClient(server).recommendations.respond(RECOMMENDATION.recommendationId, {
          status: 'ACCEPTED',
        });
      }));

  it('recommendations.sendRequest', () =>
    interaction(pact, 'recommendations.sendRequest', 'a member sending a match request')
      .given(...loggedIn)
      .given(...state('memberExists', { id: OTHER.id }))
      .withRequest(
        'POST',
        pathOf('recommendations.sendRequest'),
        request({ token, body: { recipient_id: stateValue('id', OTHER.id) } }),
      )
      .willRespondWith(200, json(matchRequest(MEMBER.userId, OTHER.id, OTHER.id, OTHER.username, 'PENDING')))
      .executeTest(async (server) => {
        await memberClient(server).recommendations.sendRequest({ recipient_id: OTHER.id });
      }));

  it('recommendations.updateRequest', () =>
    interaction(pact, 'recommendations.updateRequest', 'a member accepting a pending match request')
      .given(...loggedIn)
      .given(...incoming)
      .withRequest(
        'PUT',
        pathOf('recommendations.updateRequest'),
        request({
          token,
          body: { id: stateValue('requestId', RECOMMENDATION.requestId), status: 'ACCEPTED' },
        }),
      )
      .willRespondWith(
        200,
        json({
          message: like('Match request accepted'),
          request: matchRequest(OTHER.id, MEMBER.userId, OTHER.id, OTHER.username, 'ACCEPTED'),
        }),
      )
      .executeTest(async (server) => {
        await memberClient(server).recommendations.updateRequest({
          id: RECOMMENDATION.requestId,
          status: 'ACCEPTED',
        });
      }));

  it('recommendations.listRequests', () =>
    interaction(pact, 'recommendations.listRequests', 'a member listing their match requests')
      .given(...loggedIn)
      .given(...incoming)
      .withRequest('GET', pathOf('recommendations.listRequests'), request({ token }))
      .willRespondWith(
        200,
        json({
          requests: eachLike(matchRequest(OTHER.id, MEMBER.userId, OTHER.id, OTHER.username, 'PENDING')),
        }),
      )
      .executeTest(async (server) => {
        await memberClient(server).recommendations.listRequests();
      }));

  it('recommendations.listMutual', () =>
    interaction(pact, 'recommendations.listMutual', 'a member listing their mutual matches')
      .given(...loggedIn)
      .given(...state('mutualMatches', { userId: MEMBER.userId, matchId: MATCH.matchId, room: MATCH.room }))
      .withRequest('GET', pathOf('recommendations.listMutual'), request({ token }))
      .willRespondWith(
        200,
        json({
          matches: eachLike(
            matchRequest(MEMBER.userId, MATCH.matchId, MATCH.matchId, 'chioma_obi', 'ACCEPTED'),
          ),
        }),
      )
      .executeTest(async (server) => {
        await memberClient(server).recommendations.listMutual();
      }));
});

describe('recommendations: admin analytics', () => {
  it('recommendations.popularPreferences', () =>
    interaction(pact, 'recommendations.popularPreferences', 'an admin reading the popular preferences')
      .given(...asAdmin)
      .given(...activity)
      .withRequest('GET', pathOf('recommendations.popularPreferences'), request({ token: ADMIN.accessToken }))
      .willRespondWith(
        200,
        json({
          preferences: eachLike({ filter: like('religion'), value: like('christian'), count: integer(3) }),
          total: integer(3),
        }),
      )
      .executeTest(async (server) => {
        await adminClient(server).recommendations.popularPreferences();
      }));

  it('recommendations.usedFilters', () =>
    interaction(pact, 'recommendations.usedFilters', 'an admin reading the filters used in a date range')
      .given(...asAdmin)
      .given(...activity)
      .withRequest(
        'GET',
        pathOf('recommendations.usedFilters'),
        request({ token: ADMIN.accessToken, query: range }),
      )
      .willRespondWith(
        200,
        json({
          ...answerRange,
          total: integer(3),
          filters: eachLike({ filter: like('religion'), count: integer(3) }),
          by_date: series,
        }),
      )
      .executeTest(async (server) => {
        await adminClient(server).recommendations.usedFilters(RANGE);
      }));

  it('recommendations.matchMetrics', () =>
    interaction(pact, 'recommendations.matchMetrics', 'an admin reading match metrics in a date range')
      .given(...asAdmin)
      .given(...activity)
      .withRequest(
        'GET',
        pathOf('recommendations.matchMetrics'),
        request({ token: ADMIN.accessToken, query: range }),
      )
      .willRespondWith(200, json({ created: integer(10), accepted: integer(4), rejected: integer(2) }))
      .executeTest(async (server) => {
        const answer = await adminClient(server).recommendations.matchMetrics(RANGE);
        expect(answer).toEqual({ created: 10, accepted: 4, rejected: 2 });
      }));

  it('recommendations.aggregateByDate', () =>
    interaction(pact, 'recommendations.aggregateByDate', 'an admin reading match activity per day')
      .given(...asAdmin)
      .given(...activity)
      .withRequest(
        'POST',
        pathOf('recommendations.aggregateByDate'),
        request({ token: ADMIN.accessToken, body: metricsQuery }),
      )
      .willRespondWith(
        200,
        json({ ...answerRange, data: eachLike({ date: isoDate(RANGE.start), count: integer(2) }) }),
      )
      .executeTest(async (server) => {
        await adminClient(server).recommendations.aggregateByDate(metricsQuery);
      }));
});
