/**
 * The Content-Security-Policy and the other security headers of every file of the web build, made
 * from the validated configuration (src/config/env.ts) at build time. Every address the app talks
 * to comes from that configuration, so the policy names exactly those: an address on the site's
 * own origin is 'self', any other is listed by its origin. web/README.md (Serving) explains each
 * directive; the server (the sandbox's web module) and the static-host files send these as they are.
 */
import type { AppConfig } from '../../src/config/env';

/** The origin of `url` as a CSP source: 'self' on the site's own origin. */
function source(url: string, siteOrigin: string): string {
  const { origin } = new URL(url);
  return origin === siteOrigin ? "'self'" : origin;
}

/** The socket.io origin, for its polling requests and its WebSocket (ws: or wss:) alike. */
function socketSources(socketUrl: string, siteOrigin: string): string[] {
  const url = new URL(socketUrl);
  if (url.origin === siteOrigin) return ["'self'"]; // CSP3: 'self' also matches ws(s) of the same host.
  return [url.origin, `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`];
}

/**
 * Sentry's endpoint for CSP violation reports, from the DSN (`protocol://key@host/projectId`):
 * violations arrive beside the app's errors. A path when the DSN is on the site's origin, so the
 * same build reports to whichever host serves it (the sandbox on any port).
 */
export function cspReportUri(dsn: string | null, siteOrigin: string): string | null {
  if (dsn === null) return null;
  const url = new URL(dsn);
  const projectId = url.pathname.replace(/^\/+/, '');
  const path = `/api/${projectId}/security/?sentry_key=${encodeURIComponent(decodeURIComponent(url.username))}`;
  return url.origin === siteOrigin ? path : `${url.origin}${path}`;
}

const unique = (values: string[]) => [...new Set(values)];

/** The policy's directives, in the order they are written. */
export function cspDirectives(config: AppConfig): [string, string[]][] {
  const site = config.siteUrl;
  const api = source(config.apiBase, site);
  const connect = unique([
    api,
    ...socketSources(config.socketUrl, site),
    ...(config.sentry.dsn ? [source(config.sentry.dsn, site)] : []),
    source(config.ipLookupUrl, site),
  ]);
  const reportUri = cspReportUri(config.sentry.dsn, site);
  return [
    // Anything not named below (media, frames, fonts from elsewhere, prefetch) is refused.
    ['default-src', ["'none'"]],
    // The app's own bundles only: no inline script, no eval, no other host.
    ['script-src', ["'self'"]],
    // react-hot-toast writes its CSS into a <style> element at run time (goober): no hash or nonce
    // can name it on a static host. Styles cannot run script; markup injection is stopped by
    // Trusted Types and React's escaping.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // Photos and avatars from the API's image service; blob: for upload previews, chat images and
    // KYC documents fetched with the session; data: for small images inlined by the build.
    ['img-src', unique(["'self'", api, 'blob:', 'data:'])],
    ['font-src', ["'self'"]],
    // The API, its sockets, error reporting and the IP lookup of SPEC.md section 7.
    ['connect-src', connect],
    // KYC PDFs are shown in an <object> from a blob: URL of the document fetched with the session;
    // Chromium loads the PDF viewer inside it as a frame, checked against frame-src as well.
    ['object-src', ['blob:']],
    ['frame-src', ['blob:']],
    // Sentry Replay's compression worker is made from a blob: URL; no worker otherwise.
    ['worker-src', config.sentry.dsn && config.sentry.replay ? ['blob:'] : ["'none'"]],
    ['manifest-src', ["'self'"]],
    // The app's forms are sent by script; a form posting elsewhere was injected.
    ['form-action', ["'self'"]],
    // No screen needs to be shown in another site's frame.
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'none'"]],
    // Script sinks (innerHTML, script URLs, eval) take only what the default policy in
    // src/lib/strict-csp.ts lets through.
    ['require-trusted-types-for', ["'script'"]],
    ['trusted-types', ['default']],
    ...(reportUri ? ([['report-uri', [reportUri]]] as [string, string[]][]) : []),
  ];
}

export function contentSecurityPolicy(config: AppConfig): string {
  return cspDirectives(config)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Every header the site sends with each of its files, the policy included. */
export function securityHeaders(config: AppConfig): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config),
    'X-Content-Type-Options': 'nosniff',
    // Emailed links carry tokens in their query (reset password, change email): never send a
    // page's address to another origin, not even its origin.
    'Referrer-Policy': 'same-origin',
    // Geolocation for the location modal, from the app's own pages only; nothing else is used.
    'Permissions-Policy': 'geolocation=(self), camera=(), microphone=(), payment=(), usb=()',
    // frame-ancestors for browsers older than CSP level 2.
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(config.siteUrl.startsWith('https:') ? { 'Strict-Transport-Security': 'max-age=31536000' } : {}),
  };
}
