import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ADMIN, MEMBER, REFRESH_FLOW } from '../../src/examples';
import { type AuthOverrides, proxyRequestFilter } from '../../src/verify/hooks';

type Request = IncomingMessage & { body?: unknown };
const response = {} as ServerResponse;

function filtered(request: Partial<Request>, auth?: AuthOverrides): Request {
  const full = { headers: {}, ...request } as Request;
  proxyRequestFilter(auth)(full, response, () => undefined);
  return full;
}

const authorizationOf = (header: string | undefined, auth?: AuthOverrides) =>
  filtered({ headers: header === undefined ? {} : { authorization: header } }, auth).headers.authorization;

const exampleMember = `Bearer ${MEMBER.accessToken}`;
const exampleAdmin = `Bearer ${ADMIN.accessToken}`;
const both: AuthOverrides = { member: 'Bearer real-member', admin: 'Bearer real-admin' };

describe('the verification proxy request filter', () => {
  it("replaces the pacts' example member token with --auth-header", () => {
    expect(authorizationOf(exampleMember, both)).toBe('Bearer real-member');
    expect(authorizationOf(exampleMember, { member: 'Bearer real-member' })).toBe('Bearer real-member');
  });

  it("replaces the pacts' example admin token with --admin-auth-header only", () => {
    expect(authorizationOf(exampleAdmin, both)).toBe('Bearer real-admin');
    // A member token on an admin call would turn every admin interaction into a refusal.
    expect(authorizationOf(exampleAdmin, { member: 'Bearer real-member' })).toBe(exampleAdmin);
    expect(authorizationOf(exampleMember, { admin: 'Bearer real-admin' })).toBe(exampleMember);
  });

  it('leaves the deliberately expired token and the refresh-flow token alone', () => {
    expect(authorizationOf(`Bearer ${REFRESH_FLOW.expiredToken}`, both)).toBe(
      `Bearer ${REFRESH_FLOW.expiredToken}`,
    );
    expect(authorizationOf(`Bearer ${REFRESH_FLOW.freshAccessToken}`, both)).toBe(
      `Bearer ${REFRESH_FLOW.freshAccessToken}`,
    );
  });

  it('leaves tokens the state-change endpoint answered alone (the suspended member, say)', () => {
    expect(authorizationOf('Bearer minted-by-the-state-endpoint', both)).toBe(
      'Bearer minted-by-the-state-endpoint',
    );
  });

  it('adds no Authorization header to anonymous calls, and changes nothing without overrides', () => {
    expect(authorizationOf(undefined, both)).toBeUndefined();
    expect(authorizationOf(exampleMember)).toBe(exampleMember);
    expect(authorizationOf(exampleAdmin, {})).toBe(exampleAdmin);
  });

  it('keeps a `{}` JSON body, which the proxy would otherwise drop', () => {
    const request = filtered({
      headers: { 'content-type': 'application/json', 'content-length': '2' },
      body: {},
    });
    expect(request.body).toEqual(Buffer.from('{}'));
    expect(request.headers['content-length']).toBe('2');
  });

  it('sends a body-less call with Content-Length 0 rather than chunked', () => {
    const request = filtered({ headers: {}, body: {} });
    expect(request.body).toEqual(Buffer.alloc(0));
    expect(request.headers['content-length']).toBe('0');
  });

  it('leaves other bodies alone', () => {
    const body = Buffer.from('{"a":1}');
    const request = filtered({
      headers: { 'content-type': 'application/json', 'content-length': '7' },
      body,
    });
    expect(request.body).toBe(body);
    expect(request.headers['content-length']).toBe('7');
  });
});
