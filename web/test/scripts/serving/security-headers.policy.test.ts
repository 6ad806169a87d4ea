import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  cspDirectives,
  cspReportUri,
  securityHeaders,
} from '../../../scripts/serving/security-headers';
import { parseConfig } from '../../../src/config/env';

const site = { origin: 'https://matchmaker.example', protocol: 'https:', host: 'matchmaker.example' };
const production = { MODE: 'production', PROD: true };

function directives(env: Record<string, unknown>): Record<string, string[]> {
  return Object.fromEntries(cspDirectives(parseConfig({ ...production, ...env }, site)));
}

describe('the Content-Security-Policy made from the configuration', () => {
  it("is 'self' for everything on the site's origin (pnpm start's one origin)", () => {
    const policy = directives({ VITE_SENTRY_DSN: '{protocol}//sandbox@{host}/1' });
    expect(policy).toMatchObject({
      'default-src': ["'none'"],
      'script-src': ["'self'"],
      'connect-src': ["'self'"],
      'img-src': ["'self'", 'blob:', 'data:'],
      'object-src': ['blob:'],
      'frame-src': ['blob:'],
      'worker-src': ['blob:'],
      'frame-ancestors': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'self'"],
      'require-trusted-types-for': ["'script'"],
      'trusted-types': ['default'],
      'report-uri': ['/api/1/security/?sentry_key=sandbox'],
    });
    // No inline script and no eval, whatever else changes.
    expect(contentSecurityPolicy(parseConfig(production, site))).not.toMatch(
      /unsafe-eval|script-src[^;]*unsafe-inline/,
    );
  });

  it('names the API, its sockets, Sentry and the IP lookup when they are elsewhere', () => {
    const policy = directives({
      VITE_API_BASE: 'https://api.matchmaker.example',
      VITE_SOCKET_URL: 'https://live.matchmaker.example:8443',
      VITE_SENTRY_DSN: 'https://abc123@o1.ingest.sentry.io/42',
      VITE_IP_LOOKUP_URL: 'https://ipapi.co/json/',
    });
    expect(policy['connect-src']).toEqual([
      'https://api.matchmaker.example',
      'https://live.matchmaker.example:8443',
      'wss://live.matchmaker.example:8443',
      'https://o1.ingest.sentry.io',
      'https://ipapi.co',
    ]);
    expect(policy['img-src']).toEqual(["'self'", 'https://api.matchmaker.example', 'blob:', 'data:']);
    expect(policy['report-uri']).toEqual(['https://o1.ingest.sentry.io/api/42/security/?sentry_key=abc123']);
  });

  it('sends no reports and allows no worker without error reporting, and no worker without Replay', () => {
    expect(directives({ VITE_SENTRY_DSN: 'off' })).not.toHaveProperty('report-uri');
    expect(directives({ VITE_SENTRY_DSN: 'off' })['worker-src']).toEqual(["'none'"]);
    const noReplay = directives({
      VITE_SENTRY_DSN: 'https://k@sentry.example/3',
      VITE_SENTRY_REPLAY: 'false',
    });
    expect(noReplay['worker-src']).toEqual(["'none'"]);
  });

  it('reads the report address from the DSN', () => {
    expect(cspReportUri('http://sandbox@127.0.0.1:8080/1', 'http://127.0.0.1:8080')).toBe(
      '/api/1/security/?sentry_key=sandbox',
    );
    expect(cspReportUri(null, 'http://127.0.0.1:8080')).toBeNull();
  });
});

describe('securityHeaders', () => {
  it('sends the policy with nosniff, the referrer and permissions policies, and no framing', () => {
    const headers = securityHeaders(parseConfig(production, site));
    expect(headers).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'same-origin',
      'X-Frame-Options': 'DENY',
      'Strict-Transport-Security': 'max-age=31536000',
    });
    expect(headers['Permissions-Policy']).toMatch(/^geolocation=\(self\), /);
    expect(headers['Content-Security-Policy']).toContain("script-src 'self';");
  });

  it('leaves HSTS out of a site served over http', () => {
    const local = { origin: 'http://localhost:8080', protocol: 'http:', host: 'localhost:8080' };
    expect(securityHeaders(parseConfig(production, local))).not.toHaveProperty('Strict-Transport-Security');
  });
});
