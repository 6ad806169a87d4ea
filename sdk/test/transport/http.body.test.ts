import { describe, expect, it } from 'vitest';
import { isHttpError } from '../../src/index';
import { parseJsonBody } from '../../src/transport/body';
import { sampleUser, testClient } from '../support/client';
import { useTestServer } from '../support/server';

describe('parseJsonBody', () => {
  it('parses JSON, keeps text that is not JSON, and reads an empty body as undefined', () => {
    expect(parseJsonBody('{"a":[1,2]}')).toEqual({ a: [1, 2] });
    expect(parseJsonBody('<html>Bad gateway</html>')).toBe('<html>Bad gateway</html>');
    expect(parseJsonBody('')).toBeUndefined();
    expect(parseJsonBody('42')).toBe(42);
  });
});

describe('answer bodies through the transport', () => {
  const server = useTestServer();

  it('keeps a non-JSON error page as the text body of the HTTP error', async () => {
    server.handle(() => ({
      status: 502,
      body: '<html>Bad gateway</html>',
      headers: { 'content-type': 'text/html' },
    }));
    const error = await testClient(server.url)
      .accounts.userInfo()
      .catch((e: unknown) => e);
    expect(isHttpError(error) && error.body).toBe('<html>Bad gateway</html>');
  });

  it('parses a JSON answer even when it is served as text/plain', async () => {
    server.handle(() => ({ body: JSON.stringify(sampleUser()), headers: { 'content-type': 'text/plain' } }));
    await expect(testClient(server.url).accounts.userInfo()).resolves.toMatchObject({ username: 'amina_k' });
  });

  it('never lets an answer naming __proto__ set a prototype, through parsing and validation', async () => {
    server.handle(() => ({
      body: `{"__proto__":{"polluted":true},"username":"x","first_name":"X","last_name":null,"email":"x@example.com","roles":["General"],"is_deleted":false}`,
      headers: { 'content-type': 'application/json' },
    }));
    const user = (await testClient(server.url).accounts.userInfo()) as Record<string, unknown>;
    expect(user.username).toBe('x');
    expect(Object.getPrototypeOf(user)).toBe(Object.prototype);
    expect(user.polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads an empty 204 answer as no data', async () => {
    server.handle(() => ({ status: 204 }));
    await expect(
      testClient(server.url).accounts.forgotPassword({ email: 'x@example.com' }),
    ).resolves.toBeUndefined();
  });
});
