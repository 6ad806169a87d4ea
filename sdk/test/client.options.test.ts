import { describe, expect, it } from 'vitest';
import * as sdk from '../src/index';
import * as rules from '../src/rules/index';
import * as schemas from '../src/schemas/index';

describe('createClient options', () => {
  it('are checked once, with errors naming the option', () => {
    expect(() => sdk.createClient({ baseURL: 'http://127.0.0.1:9', timeoutMs: -1 })).toThrow(
      /timeoutMs must be 0 or more, got -1/,
    );
    expect(() =>
      sdk.createClient({
        baseURL: 'http://127.0.0.1:9',
        refreshNetworkFailure: 'forget' as unknown as 'logout',
      }),
    ).toThrow(/refreshNetworkFailure must be 'logout' or 'keep-session', got forget/);
  });
});

describe('the public surface', () => {
  it('leaves out the transport and session internals', () => {
    const names = Object.keys(sdk);
    for (const internal of ['sleep', 'isRetryable', 'withRetry', 'HttpTransport', 'HttpSender', 'wait']) {
      expect(names).not.toContain(internal);
    }
    const client = sdk.createClient({ baseURL: 'http://127.0.0.1:9', locks: null });
    expect('store' in client.session).toBe(false);
    expect(client.realtime).toBeDefined();
    expect(client.endpoints).toBe(schemas.endpoints);
  });

  it('keeps schemas and rules in their subpaths: no value is published twice', () => {
    const names = new Set(Object.keys(sdk));
    expect(Object.keys(schemas).filter((name) => names.has(name))).toEqual([]);
    expect(Object.keys(rules).filter((name) => names.has(name))).toEqual([]);
    expect(Object.keys(rules).filter((name) => name in schemas)).toEqual([]);
  });

  it('builds the error code type and the guards from one ERROR_CODES list', () => {
    expect(sdk.ERROR_CODES).toEqual([
      'HTTP_ERROR',
      'NETWORK_ERROR',
      'TIMEOUT_ERROR',
      'CONTRACT_ERROR',
      'NOT_LOGGED_IN',
      'SUSPENDED',
      'ABORTED',
    ]);
    for (const code of sdk.ERROR_CODES) {
      expect(sdk.isMatchmakerError(Object.assign(new Error('x'), { code }))).toBe(true);
    }
  });
});
