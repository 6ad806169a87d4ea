/**
 * dist/headers.json: the headers a server sends with the build's files, written by the build and
 * read by the sandbox's web module (and turned into `_headers` for Netlify or Cloudflare Pages).
 * Hashed assets never change under their name, so a year and `immutable`; everything else
 * (index.html above all, which names the current assets) is revalidated on every use.
 */
import type { RouteManifest } from '../../src/config/route-patterns';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export interface ServingHeaders {
  /** Sent with every file of the app, and with the not-found page. */
  readonly headers: Readonly<Record<string, string>>;
  /** Cache-Control by path prefix; the first prefix that matches wins. */
  readonly cache: readonly { readonly prefix: string; readonly cacheControl: string }[];
}

export function servingHeaders(headers: Record<string, string>, assetsDir: string): ServingHeaders {
  return {
    headers,
    cache: [
      { prefix: `/${assetsDir}/`, cacheControl: IMMUTABLE },
      { prefix: '/', cacheControl: REVALIDATE },
    ],
  };
}

/** A route's pattern with each listed parameter replaced by each of its values. */
function expandValues(entry: RouteManifest['routes'][number]): string[] {
  let patterns = [entry.pattern];
  for (const [name, values] of Object.entries(entry.values ?? {})) {
    patterns = patterns.flatMap((pattern) => values.map((value) => pattern.replace(`:${name}`, value)));
  }
  return patterns;
}

/**
 * Netlify's and Cloudflare Pages' `_headers`. Both merge the headers of every rule that matches,
 * so Cache-Control is set for hashed assets only: both hosts already revalidate other files.
 */
export function staticHostHeaders(serving: ServingHeaders): string {
  const lines = ['/*', ...Object.entries(serving.headers).map(([name, value]) => `  ${name}: ${value}`)];
  for (const rule of serving.cache) {
    if (rule.cacheControl !== IMMUTABLE) continue;
    lines.push(`${rule.prefix}*`, `  Cache-Control: ${rule.cacheControl}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Netlify's and Cloudflare Pages' `_redirects`: every route the app serves shows index.html with
 * status 200; any other path falls through to 404.html (a copy of index.html) with status 404.
 */
export function staticHostRedirects(manifest: RouteManifest): string {
  const patterns = manifest.routes.flatMap(expandValues).filter((pattern) => pattern !== '/');
  return `${patterns.map((pattern) => `${pattern}  /index.html  200`).join('\n')}\n`;
}
