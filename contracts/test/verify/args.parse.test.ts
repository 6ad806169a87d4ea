import { describe, expect, it } from 'vitest';
import { ALL_PROVIDERS, COMMITTED_PACT_DIR } from '../../src/names';
import { parseVerifyArgs } from '../../src/verify/args';

describe('verify arguments', () => {
  it('verifies every pact against the sandbox by default', () => {
    expect(parseVerifyArgs([], {})).toEqual({
      providers: [...ALL_PROVIDERS],
      baseUrl: undefined,
      stateUrl: undefined,
      authHeader: undefined,
      pactDir: COMMITTED_PACT_DIR,
      logLevel: 'warn',
      help: false,
    });
  });

  it('reads one provider against any backend, after the `--` pnpm passes through', () => {
    const args = parseVerifyArgs(
      [
        '--',
        '--provider',
        'usermgmt',
        '--base-url',
        'http://localhost:8080/',
        '--state-url',
        'http://localhost:8080/_pact/state',
      ],
      {},
    );
    expect(args).toMatchObject({
      providers: ['usermgmt'],
      baseUrl: 'http://localhost:8080',
      stateUrl: 'http://localhost:8080/_pact/state',
    });
  });

  it('takes the Authorization header from the option or PACT_AUTH_HEADER', () => {
    expect(parseVerifyArgs(['--auth-header', 'Bearer a'], { PACT_AUTH_HEADER: 'Bearer b' }).authHeader).toBe(
      'Bearer a',
    );
    expect(parseVerifyArgs([], { PACT_AUTH_HEADER: 'Bearer b' }).authHeader).toBe('Bearer b');
  });

  it('refuses unknown providers and options', () => {
    expect(() => parseVerifyArgs(['--provider', 'billing'], {})).toThrow(/Unknown provider billing/);
    expect(() => parseVerifyArgs(['--bogus'], {})).toThrow();
  });
});
