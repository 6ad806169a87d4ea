/**
 * What the build wrote into web/dist for serving (pnpm test builds it first: scripts/ensure-build).
 * It must be what the app's own route table and configuration say, and every compressed copy must
 * decompress to its file.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { loadEnv } from 'vite';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_URL } from '../../../scripts/serving/plugin';
import { securityHeaders } from '../../../scripts/serving/security-headers';
import { IMMUTABLE, REVALIDATE } from '../../../scripts/serving/serving-rules';
import { parseConfig } from '../../../src/config/env';
import { publicPagePaths, routeManifest } from '../../../src/config/route-patterns';
import { WEB_DIST } from '../../harness/browser';

const read = (name: string) => readFileSync(join(WEB_DIST, name), 'utf8');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

describe('web/dist, as the build writes it for serving', () => {
  it('has the route manifest of the app', () => {
    expect(JSON.parse(read('routes.json'))).toEqual(routeManifest());
  });

  it('has the headers made from the production configuration', () => {
    const url = new URL(DEFAULT_SITE_URL);
    // The variables the build read: .env.production and any VITE_* of the environment.
    const config = parseConfig(
      { ...loadEnv('production', join(WEB_DIST, '..'), 'VITE_'), MODE: 'production', PROD: true },
      { origin: url.origin, protocol: url.protocol, host: url.host },
    );
    expect(JSON.parse(read('headers.json'))).toEqual({
      headers: securityHeaders(config),
      cache: [
        { prefix: '/assets/', cacheControl: IMMUTABLE },
        { prefix: '/', cacheControl: REVALIDATE },
      ],
    });
  });

  it('has robots.txt and a sitemap of the public pages', () => {
    expect(read('robots.txt')).toContain(`Sitemap: ${DEFAULT_SITE_URL}/sitemap.xml`);
    expect(read('robots.txt')).toContain('Disallow: /admin\n');
    const locs = [...read('sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual(publicPagePaths().map((path) => `${DEFAULT_SITE_URL}${path}`));
  });

  it('has a brotli and a gzip copy of each script, style and page, each the same bytes', () => {
    const texts = files(WEB_DIST).filter((path) => /\.(js|css|html)$/.test(path));
    expect(texts.length).toBeGreaterThan(20);
    for (const path of texts) {
      const name = relative(WEB_DIST, path);
      const original = readFileSync(path);
      expect(existsSync(`${path}.br`), `${name}.br`).toBe(true);
      expect(existsSync(`${path}.gz`), `${name}.gz`).toBe(true);
      expect(brotliDecompressSync(readFileSync(`${path}.br`)).equals(original), `${name}.br`).toBe(true);
      expect(gunzipSync(readFileSync(`${path}.gz`)).equals(original), `${name}.gz`).toBe(true);
    }
    // Source maps stay uncompressed (only error reporting and developer tools read them).
    expect(files(WEB_DIST).some((path) => path.endsWith('.map.br'))).toBe(false);
  });

  it('has the files Netlify and Cloudflare Pages read', () => {
    expect(read('_headers')).toContain(`/assets/*\n  Cache-Control: ${IMMUTABLE}\n`);
    expect(read('_redirects')).toContain('/admin/users/:id  /index.html  200\n');
    expect(read('_redirects')).toContain('/faith/jew/marriage/singles  /index.html  200\n');
    expect(read('404.html')).toBe(read('index.html'));
  });
});
