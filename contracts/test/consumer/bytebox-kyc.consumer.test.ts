/** bytebox, identity verification: the admin review (with an empty page) and members' own requests. */
import { describe, expect, it } from 'vitest';
import { ADMIN, KYC, MEMBER, OTHER, RANGE } from '../../src/examples';
import { paging, range, series } from '../support/bodies';
import { adminClient, DOCUMENT_PDF, memberClient } from '../support/clients';
import {
  binary,
  boolean,
  eachLike,
  fromState,
  instant,
  integer,
  interaction,
  json,
  KYC_STATUS,
  like,
  oneOf,
  pactWith,
  pageNumber,
  pageOf,
  pathOf,
  request,
  state,
} from '../support/pact';

const pact = pactWith('bytebox');
const asAdmin = state('adminLoggedIn', { adminId: ADMIN.adminId });
const pendingOf = (id: string) =>
  state('kycPending', { id, requestId: KYC.requestId, documentId: KYC.documentId });
const kycRequest = (userId: string, username: string, status: (typeof KYC_STATUS)[number] = 'PENDING') => ({
  id: like(KYC.requestId),
  user_id: like(userId),
  status: oneOf(KYC_STATUS, status),
  created_at: instant(),
  documents: eachLike({ id: like(KYC.documentId) }),
  user_info: { username: like(username) },
});
const firstPage = { page: pageNumber(1), per_page: '15' };

describe('bytebox: KYC', () => {
  it('kyc.metrics', () => {
    const query = { start_date: RANGE.start, end_date: RANGE.end, date_type: 'day', status: 'PENDING' };
    return interaction(pact, 'kyc.metrics', 'an admin reading KYC metrics over a date range')
      .given(...asAdmin)
      .withRequest('POST', pathOf('kyc.metrics'), request({ token: ADMIN.accessToken, body: query }))
      .willRespondWith(
        200,
        json({
          ...range,
          total: integer(4),
          pending: integer(1),
          in_review: integer(0),
          approved: integer(2),
          rejected: integer(1),
          by_date: series,
        }),
      )
      .executeTest(async (server) => {
        await adminClient(server).kyc.metrics(query);
      });
  });

  it('kyc.listRequests: a full page of 15', () =>
    interaction(pact, 'kyc.listRequests', 'an admin listing the pending KYC requests when 16 wait')
      .given(...asAdmin)
      .given(...state('kycQueue', { count: '16' }))
      .withRequest(
        'POST',
        pathOf('kyc.listRequests'),
        request({ token: ADMIN.accessToken, query: firstPage, body: { status: 'PENDING' } }),
      )
      .willRespondWith(
        200,
        json({
          // SPEC.md: per_page=15. Seeded with 16, the first page holds exactly 15.
          requests: pageOf(kycRequest(OTHER.id, OTHER.username), 15),
          ...paging(15),
        }),
      )
      .executeTest(async (server) => {
        const answer = await adminClient(server).kyc.listRequests({ page: 1, status: 'PENDING' });
        expect(answer.requests).toHaveLength(15);
      }));

  it('kyc.listRequests answers an empty page', () =>
    interaction(pact, 'kyc.listRequests', 'an admin listing KYC requests when none is waiting')
      .given(...asAdmin)
      .given(...state('noKycPending', {}))
      .withRequest(
        'POST',
        pathOf('kyc.listRequests'),
        request({ token: ADMIN.accessToken, query: firstPage, body: {} }),
      )
      .willRespondWith(200, json({ requests: [], ...paging(15, 1, 0) }))
      .executeTest(async (server) => {
        const answer = await adminClient(server).kyc.listRequests({ page: 1 });
        expect(answer.requests).toEqual([]);
      }));

  it('kyc.reviewRequest', () =>
    interaction(pact, 'kyc.reviewRequest', 'an admin approving a KYC request')
      .given(...asAdmin)
      .given(...pendingOf(OTHER.id))
      .withRequest(
        'PUT',
        pathOf('kyc.reviewRequest', { id: fromState('requestId', KYC.requestId) }),
        request({ token: ADMIN.accessToken, body: { status: 'APPROVED' } }),
      )
      .willRespondWith(
        200,
        json({
          message: like('KYC request approved'),
          request: kycRequest(OTHER.id, OTHER.username, 'APPROVED'),
        }),
      )
      .executeTest(async (server) => {
        await adminClient(server).kyc.reviewRequest(KYC.requestId, { status: 'APPROVED' });
      }));

  it('kyc.getDocument answers the document bytes', () =>
    interaction(pact, 'kyc.getDocument', 'an admin downloading a KYC document')
      .given(...asAdmin)
      .given(...pendingOf(OTHER.id))
      .withRequest(
        'GET',
        pathOf('kyc.getDocument', { id: fromState('documentId', KYC.documentId) }),
        request({ token: ADMIN.accessToken }),
      )
      .willRespondWith(200, binary('application/pdf', DOCUMENT_PDF))
      .executeTest(async (server) => {
        const document = await adminClient(server).kyc.getDocument(KYC.documentId);
        expect(document.type).toBe('application/pdf');
        expect(Buffer.from(await document.arrayBuffer())).toEqual(DOCUMENT_PDF);
      }));

  it('kyc.listUserRequests', () =>
    interaction(pact, 'kyc.listUserRequests', 'a member reading their own KYC requests')
      .given(...state('memberLoggedIn', { userId: MEMBER.userId }))
      .given(...pendingOf(MEMBER.userId))
      .withRequest(
        'GET',
        pathOf('kyc.listUserRequests', { userId: MEMBER.userId }),
        request({ token: MEMBER.accessToken }),
      )
      .willRespondWith(
        200,
        json({
          user_id: like(MEMBER.userId),
          status: oneOf([...KYC_STATUS, 'NONE'], 'PENDING'),
          verified: boolean(false),
          requests: eachLike(kycRequest(MEMBER.userId, MEMBER.username)),
        }),
      )
      .executeTest(async (server) => {
        await memberClient(server).kyc.listUserRequests(MEMBER.userId);
      }));

  it('kyc.getUserRequest', () =>
    interaction(pact, 'kyc.getUserRequest', 'a member reading one of their KYC requests')
      .given(...state('memberLoggedIn', { userId: MEMBER.userId }))
      .given(...pendingOf(MEMBER.userId))
      .withRequest(
        'GET',
        pathOf('kyc.getUserRequest', { userId: MEMBER.userId, requestId: KYC.requestId }),
        request({ token: MEMBER.accessToken }),
      )
      .willRespondWith(200, json(kycRequest(MEMBER.userId, MEMBER.username)))
      .executeTest(async (server) => {
        const answer = await memberClient(server).kyc.getUserRequest(MEMBER.userId, KYC.requestId);
        expect(answer).toMatchObject({ status: 'PENDING' });
      }));
});
