import { describe, expect, it } from 'vitest';
import { isContractError, isNotLoggedInError } from '../../src/index';
import { answerFor, SAMPLE_ANSWERS } from '../support/answers';
import { testClient } from '../support/client';
import { useTestServer } from '../support/server';

const AT = '2026-01-05T10:00:00.000Z';
const SAMPLE_KYC = SAMPLE_ANSWERS['kyc.getUserRequest'];

const server = useTestServer(answerFor);

const lastRequest = () => server.lastRequest();

describe('kyc service requests', () => {
  it('metrics POSTs the metrics query', async () => {
    const query = { start_date: '2024-01-01', end_date: '2024-01-31', date_type: 'day', status: 'PENDING' };
    const answer = await testClient(server.url).kyc.metrics(query);
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/api/bytebox/v2/kyc/metrics');
    expect(request.json).toEqual(query);
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it('listRequests sends the page and per_page=15 in the query and the filters as the body', async () => {
    const requests = [
      { id: 7, user_id: 'kc-1', user_info: { username: 'amina' }, status: 'PENDING', created_at: AT },
    ];
    const page = { page: 2, per_page: 15, total: 16, total_pages: 2, requests };
    server.handle(() => ({ body: page }));
    const answer = await testClient(server.url).kyc.listRequests({ page: 2, status: 'PENDING' });
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/api/bytebox/v2/kyc/verifications/list');
    expect(Object.fromEntries(request.query)).toEqual({ page: '2', per_page: '15' });
    expect(request.json).toEqual({ status: 'PENDING' });
    expect(answer).toEqual(page);
  });

  it('listRequests without filters sends an empty JSON object', async () => {
    await testClient(server.url).kyc.listRequests({ page: 1 });
    expect(lastRequest().json).toEqual({});
  });

  it('reviewRequest PUTs the decision to /verifications/{id}', async () => {
    const answer = await testClient(server.url).kyc.reviewRequest(42, { status: 'APPROVED', note: 'clear' });
    const request = lastRequest();
    expect(request.method).toBe('PUT');
    expect(request.path).toBe('/api/bytebox/v2/kyc/verifications/42');
    expect(request.json).toEqual({ status: 'APPROVED', note: 'clear' });
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it("listUserRequests GETs a user's requests", async () => {
    const answer = await testClient(server.url).kyc.listUserRequests('kc-1');
    const request = lastRequest();
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/api/bytebox/v2/kyc/verifications/users/kc-1');
    expect(request.text).toBe('');
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it('getUserRequest GETs one request of a user', async () => {
    const answer = await testClient(server.url).kyc.getUserRequest('kc-1', 9);
    const request = lastRequest();
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/api/bytebox/v2/kyc/verifications/users/kc-1/9');
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it('getDocument resolves the binary document as a Blob', async () => {
    const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]);
    server.handle(() => ({ body: bytes, headers: { 'content-type': 'application/pdf' } }));
    const answer = await testClient(server.url).kyc.getDocument('doc-1');
    const request = lastRequest();
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/api/bytebox/v2/kyc/documents/doc-1');
    expect(answer).toBeInstanceOf(Blob);
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(bytes);
  });

  it('needs a session: nothing is sent when logged out', async () => {
    const error = await testClient(server.url, { tokens: null })
      .kyc.listRequests({ page: 1 })
      .catch((e: unknown) => e);
    expect(isNotLoggedInError(error)).toBe(true);
    expect(server.requests).toHaveLength(0);
  });
});

describe('kyc service contracts', () => {
  it('rejects a list answer without `requests`', async () => {
    server.handle(() => ({ body: { page: 1, per_page: 15, total: 0, total_pages: 1, items: [] } }));
    const error = await testClient(server.url)
      .kyc.listRequests({ page: 1 })
      .catch((e: unknown) => e);
    expect(isContractError(error)).toBe(true);
    expect((error as Error).message).toContain('kyc.listRequests');
    expect((error as Error).message).toContain('response.requests');
  });

  it('rejects a request whose user_id is neither string nor number', async () => {
    server.handle(() => ({
      body: { page: 1, per_page: 15, total: 1, total_pages: 1, requests: [{ ...SAMPLE_KYC, user_id: true }] },
    }));
    const error = await testClient(server.url)
      .kyc.listRequests({ page: 1 })
      .catch((e: unknown) => e);
    expect(isContractError(error)).toBe(true);
    expect((error as Error).message).toContain('kyc.listRequests');
    expect((error as Error).message).toContain('requests[0].user_id');
  });
});
