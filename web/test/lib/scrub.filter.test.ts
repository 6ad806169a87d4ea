import { describe, expect, it } from 'vitest';
import { FILTERED, scrub, scrubString } from '../../src/lib/scrub';

describe('scrub', () => {
  it('removes tokens, cookies, passwords and emails from events and breadcrumbs', () => {
    const event = {
      message: 'Login failed for member1@sandbox.test',
      request: {
        url: 'http://127.0.0.1/cb?access_token=abc123&refresh_token=def&page=2',
        headers: { Authorization: 'Bearer abc.def.ghi', Accept: 'application/json' },
        cookies: { access_token: 'abc' },
      },
      breadcrumbs: [
        { category: 'fetch', data: { url: '/api/x?email=a%40b.c', body: '{"password":"hunter2"}' } },
        { category: 'console', message: 'token eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl expired' },
      ],
      extra: { password: 'hunter2', nested: { refreshToken: 'r', count: 2 } },
    };
    const out = scrub(event);
    const text = JSON.stringify(out);
    for (const secret of [
      'member1@sandbox.test',
      'abc123',
      'def&',
      'abc.def.ghi',
      'hunter2',
      'eyJhbGciOi',
      '"r"',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(out.request.headers.Accept).toBe('application/json');
    expect(out.request.url).toBe(
      `http://127.0.0.1/cb?access_token=${FILTERED}&refresh_token=${FILTERED}&page=2`,
    );
    expect(out.extra.nested.count).toBe(2);
    expect(event.extra.password).toBe('hunter2');
  });

  it('survives cycles', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    expect(scrub(a)).toEqual({ name: 'a', self: FILTERED });
    expect(scrubString('plain text')).toBe('plain text');
  });
});
