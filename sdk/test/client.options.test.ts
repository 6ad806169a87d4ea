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

  it('check a retry policy field by field, naming the one that is wrong', () => {
    const good: sdk.RetryPolicy = {
      retries: 5,
      statusCodes: [429, 503],
      failures: ['network'],
      wait: { kind: 'backoff', baseMs: 200, maxMs: 10_000 },
      retryAfter: { maxMs: 900_000 },
    };
    const make = (policy: unknown, calls?: unknown) => () =>
      sdk.createClient({
        baseURL: 'http://127.0.0.1:9',
        retry: { policy: policy as sdk.RetryPolicy, calls: calls as sdk.RetriedCalls },
      });
    expect(make(good)).not.toThrow();
    expect(make({ ...good, retries: -1 })).toThrow(
      'createClient: retry.policy.retries must be a whole number from 0 to 1000, got -1',
    );
    expect(make({ ...good, statusCodes: [429, 700] })).toThrow(
      'createClient: retry.policy.statusCodes[1] must be an HTTP status from 100 to 599, got 700',
    );
    expect(make({ ...good, failures: ['network', 'dns'] })).toThrow(
      `createClient: retry.policy.failures[1] must be 'network' or 'timeout', got "dns"`,
    );
    expect(make({ ...good, wait: { kind: 'backoff', baseMs: 200, maxMs: 1.5 } })).toThrow(
      'retry.policy.wait.maxMs must be a whole number',
    );
    expect(make({ ...good, wait: { kind: 'linear' } })).toThrow(
      `retry.policy.wait.kind must be 'fixed' or 'backoff', got "linear"`,
    );
    // Longer than a timer can wait (about 24.8 days): it would fire at once.
    expect(make({ ...good, retryAfter: { maxMs: 2 ** 31 } })).toThrow('retry.policy.retryAfter.maxMs');
    expect(make(good, 'everything')).toThrow(
      "createClient: retry.calls must be 'safe' or 'reads', got everything",
    );
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
      'CONTRACT_WARNING',
      'NOT_LOGGED_IN',
      'SUSPENDED',
      'ABORTED',
    ]);
    for (const code of sdk.ERROR_CODES) {
      expect(sdk.isMatchmakerError(Object.assign(new Error('x'), { code }))).toBe(true);
    }
  });
});
