import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { proxyRequestFilter } from '../../src/verify/hooks';

type Request = IncomingMessage & { body?: unknown };
const response = {} as ServerResponse;

function filtered(request: Partial<Request>, authHeader?: string): Request {
  const full = { headers: {}, ...request } as Request;
  proxyRequestFilter(authHeader)(full, response, () => undefined);
  return full;
}

describe('the verification proxy request filter', () => {
  it('replaces the bearer token of authenticated requests only', () => {
    expect(
      filtered({ headers: { authorization: 'Bearer example' } }, 'Bearer real').headers.authorization,
    ).toBe('Bearer real');
    expect(filtered({ headers: {} }, 'Bearer real').headers.authorization).toBeUndefined();
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
