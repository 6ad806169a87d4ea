import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, REPLAY_DEFAULTS } from '../../src/config/env';

const page = { origin: 'http://127.0.0.1:8080', protocol: 'http:', host: '127.0.0.1:8080' };
const production = { MODE: 'production', PROD: true };

describe('parseConfig', () => {
  it('defaults everything to the page origin (one origin with the sandbox)', () => {
    const config = parseConfig(production, page);
    expect(config).toMatchObject({
      apiBase: 'http://127.0.0.1:8080',
      socketUrl: 'http://127.0.0.1:8080',
      socketPath: '/socket.io',
      ipLookupUrl: 'http://127.0.0.1:8080/sandbox/ip-lookup/json/',
      socialSignIn: { authorizeUrl: 'http://127.0.0.1:8080/sandbox/oauth/authorize' },
      checkout: { returnUrl: 'http://127.0.0.1:8080/payments' },
      sentry: {
        dsn: null,
        environment: 'production',
        replay: { sessionSampleRate: 0.1, onErrorSampleRate: 1 },
      },
      secureCookies: false,
      siteUrl: 'http://127.0.0.1:8080',
    });
  });

  it('takes the site URL as an origin, and names anything more as a bad value', () => {
    expect(parseConfig({ ...production, VITE_SITE_URL: 'https://matchmaker.example/' }, page).siteUrl).toBe(
      'https://matchmaker.example',
    );
    for (const bad of ['https://matchmaker.example/app', 'matchmaker.example', 'https://x.example/?a=1']) {
      expect(() => parseConfig({ ...production, VITE_SITE_URL: bad }, page)).toThrow(
        `VITE_SITE_URL: must be an http(s) origin such as https://example.com (got '${bad}')`,
      );
    }
  });

  it('fills {protocol} and {host} in the DSN, so one build reports to the sandbox it is served by', () => {
    const config = parseConfig({ ...production, VITE_SENTRY_DSN: '{protocol}//sandbox@{host}/1' }, page);
    expect(config.sentry.dsn).toBe('http://sandbox@127.0.0.1:8080/1');
    expect(parseConfig({ ...production, VITE_SENTRY_DSN: 'off' }, page).sentry.dsn).toBeNull();
  });

  it('takes explicit values, trims them, and keeps development out of production reporting', () => {
    const config = parseConfig(
      {
        MODE: 'development',
        PROD: false,
        VITE_API_BASE: ' https://api.example.com/ ',
        VITE_SENTRY_REPLAY: 'true',
      },
      { origin: 'https://app.example.com', protocol: 'https:', host: 'app.example.com' },
    );
    expect(config.apiBase).toBe('https://api.example.com');
    expect(config.socketUrl).toBe('https://api.example.com');
    expect(config.sentry).toMatchObject({ environment: 'development', replay: REPLAY_DEFAULTS });
    expect(config.secureCookies).toBe(true);
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      parseConfig(
        { ...production, VITE_API_BASE: 'ftp://x', VITE_SENTRY_DSN: 'not a dsn', VITE_SOCKET_PATH: 'socket' },
        page,
      );
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain("VITE_API_BASE: must be an absolute http(s) URL or a path (got 'ftp://x')");
    expect(message).toContain('VITE_SENTRY_DSN');
    expect(message).toContain('VITE_SOCKET_PATH');
    expect(() => parseConfig({ ...production, VITE_SENTRY_REPLAY: 'yes' }, page)).toThrow(
      /VITE_SENTRY_REPLAY/,
    );
  });

  it('reads the replay sample rates, and turns recording off in development unless asked', () => {
    const rates = parseConfig(
      { ...production, VITE_SENTRY_REPLAY_SESSION_RATE: '0', VITE_SENTRY_REPLAY_ON_ERROR_RATE: ' 0.25 ' },
      page,
    );
    expect(rates.sentry.replay).toEqual({ sessionSampleRate: 0, onErrorSampleRate: 0.25 });
    expect(parseConfig({ ...production, VITE_SENTRY_REPLAY: 'false' }, page).sentry.replay).toBeNull();
    expect(parseConfig({ MODE: 'development', PROD: false }, page).sentry.replay).toBeNull();
  });

  it('names a rate outside 0 to 1, and a variable that is not text', () => {
    const problems = (env: Record<string, unknown>) => {
      try {
        parseConfig({ ...production, ...env }, page);
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
      return [];
    };
    expect(
      problems({ VITE_SENTRY_REPLAY_SESSION_RATE: '10%', VITE_SENTRY_REPLAY_ON_ERROR_RATE: '1.5' }),
    ).toEqual([
      "VITE_SENTRY_REPLAY_SESSION_RATE: must be a number from 0 to 1 (got '10%')",
      "VITE_SENTRY_REPLAY_ON_ERROR_RATE: must be a number from 0 to 1 (got '1.5')",
    ]);
    expect(problems({ VITE_API_BASE: 42, PROD: 'yes' })).toEqual([
      'VITE_API_BASE: must be text (got number)',
      'PROD: must be true or false (got string)',
    ]);
  });
});
