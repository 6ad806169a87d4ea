/**
 * Which web pages the sandbox trusts. It holds no real data, but it hands out tokens (admin ones
 * included, through the simulated sign-in) and its control endpoints rewrite everything, so only
 * pages of the developer's own machine (localhost, 127.0.0.1, [::1], any port), the web app's
 * `--web-url` origin and the sandbox's own origin may drive it from a browser or be redirected to.
 */
import type { FastifyRequest } from 'fastify';
import type { ResolvedOptions } from '../options';

/** The one option trust depends on: the web app's origin (`--web-url`). */
export type TrustOptions = Pick<ResolvedOptions, 'webAppUrl'>;

const LOCAL_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

function parse(url: string, base?: string): URL | undefined {
  try {
    return new URL(url, base);
  } catch {
    return undefined;
  }
}

/** `http://host:port` of a URL, or undefined when it is not an http(s) URL. */
export function webOrigin(url: string | undefined): string | undefined {
  const parsed = url === undefined ? undefined : parse(url);
  return parsed && (parsed.protocol === 'http:' || parsed.protocol === 'https:') ? parsed.origin : undefined;
}

/** The origin the request reached the sandbox at (its own pages are served from there). */
export function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Whether pages from `origin` may call the sandbox with credentials and be redirected to. The
 * request, when there is one, adds the origin it reached the sandbox at.
 */
export function isTrustedOrigin(origin: string, options: TrustOptions, request?: FastifyRequest): boolean {
  const parsed = webOrigin(origin);
  if (!parsed) return false;
  return (
    LOCAL_HOSTS.has(new URL(parsed).hostname) ||
    parsed === webOrigin(options.webAppUrl) ||
    (request !== undefined && parsed === ownOrigin(request))
  );
}

/**
 * The target of a redirect back to the app (`return_url`, `redirect_uri`) when it is safe: a path
 * on the sandbox itself, or an http(s) URL of a trusted origin. `javascript:` and other schemes,
 * `//host` and `/\host` (which browsers read as another host) and foreign hosts give undefined.
 * The answer is the URL as the parser serialised it, so it is always a valid Location header.
 */
export function safeRedirect(
  target: string,
  options: TrustOptions,
  request: FastifyRequest,
): string | undefined {
  // Resolved the way a browser resolves a Location header, so tricks with slashes, backslashes or
  // control characters end up on the host the browser would really go to.
  const base = ownOrigin(request);
  const resolved = parse(target, base);
  if (!resolved) return undefined;
  if (target.startsWith('/') && resolved.origin === base)
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  if (!/^https?:\/\//i.test(target)) return undefined;
  return isTrustedOrigin(resolved.origin, options, request) ? resolved.href : undefined;
}
