import { describe, expect, it } from 'vitest';
import { ALL_PROVIDERS, HTTP_PROVIDERS } from '../../src/names';
import { COMMITTED_PACT_DIR } from '../../src/pact-dirs';
import { parseVerifyArgs, USAGE } from '../../src/verify/args';

describe('verify arguments', () => {
  it('verifies every pact against the sandbox by default', () => {
    expect(parseVerifyArgs([], {})).toEqual({
      providers: [...ALL_PROVIDERS],
      baseUrl: undefined,
      stateUrl: undefined,
      authHeader: undefined,
      adminAuthHeader: undefined,
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

  it('verifies all eleven pacts against a base URL with a state URL', () => {
    const args = parseVerifyArgs(
      ['--base-url', 'http://localhost:8080', '--state-url', 'http://localhost:8080/_pact/state'],
      {},
    );
    expect(args.providers).toEqual([...ALL_PROVIDERS]);
    expect(args.providers).toHaveLength(11);
  });

  it('verifies the HTTP pacts only against a base URL without a state URL (no event can be triggered)', () => {
    expect(parseVerifyArgs(['--base-url', 'http://localhost:8080'], {}).providers).toEqual([
      ...HTTP_PROVIDERS,
    ]);
    expect(() =>
      parseVerifyArgs(['--provider', 'realtime-chat', '--base-url', 'http://localhost:8080'], {}),
    ).toThrow(/realtime-chat.*--state-url/);
    expect(parseVerifyArgs(['--provider', 'realtime-chat'], {}).providers).toEqual(['realtime-chat']);
    expect(USAGE).toMatch(/action "trigger"/);
  });

  it('takes the member Authorization header from the option or PACT_AUTH_HEADER', () => {
    expect(parseVerifyArgs(['--auth-header', 'Bearer a'], { PACT_AUTH_HEADER: 'Bearer b' }).authHeader).toBe(
      'Bearer a',
    );
    expect(parseVerifyArgs([], { PACT_AUTH_HEADER: 'Bearer b' }).authHeader).toBe('Bearer b');
    expect(parseVerifyArgs([], { PACT_AUTH_HEADER: '' }).authHeader).toBeUndefined();
  });

  it('takes the admin Authorization header from the option or PACT_ADMIN_AUTH_HEADER', () => {
    expect(
      parseVerifyArgs(['--admin-auth-header', 'Bearer x'], { PACT_ADMIN_AUTH_HEADER: 'Bearer y' })
        .adminAuthHeader,
    ).toBe('Bearer x');
    const fromEnv = parseVerifyArgs([], { PACT_AUTH_HEADER: 'Bearer m', PACT_ADMIN_AUTH_HEADER: 'Bearer y' });
    expect(fromEnv).toMatchObject({ authHeader: 'Bearer m', adminAuthHeader: 'Bearer y' });
    expect(parseVerifyArgs([], { PACT_ADMIN_AUTH_HEADER: '' }).adminAuthHeader).toBeUndefined();
  });

  it('refuses unknown providers and options', () => {
    expect(() => parseVerifyArgs(['--provider', 'billing'], {})).toThrow(/Unknown provider billing/);
    expect(() => parseVerifyArgs(['--bogus'], {})).toThrow();
  });
});
