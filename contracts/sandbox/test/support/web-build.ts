/**
 * A small web build as web/scripts/serving writes it: index.html, a hashed asset with its brotli
 * and gzip copies, routes.json and headers.json. Tests change or leave out a part to see the
 * sandbox refuse it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { scratchDir } from './scratch';

export const INDEX_HTML = '<!doctype html><title>Matchmaker</title><div id="root"></div>';
export const APP_JS = `console.log(${JSON.stringify('app '.repeat(200))});`;
export const POLICY = "default-src 'none'; script-src 'self'; base-uri 'none'";

export const ROUTES = {
  routes: [
    { pattern: '/' },
    { pattern: '/faith/:religion/marriage/singles', values: { religion: ['muslim', 'jew'] } },
    { pattern: '/account/login' },
    { pattern: '/matches' },
    { pattern: '/matches/members/:id' },
  ],
};

export const HEADERS = {
  headers: { 'Content-Security-Policy': POLICY, 'X-Content-Type-Options': 'nosniff' },
  cache: [
    { prefix: '/assets/', cacheControl: 'public, max-age=31536000, immutable' },
    { prefix: '/', cacheControl: 'no-cache' },
  ],
};

function withCopies(path: string, content: string): void {
  writeFileSync(path, content);
  writeFileSync(`${path}.br`, brotliCompressSync(content));
  writeFileSync(`${path}.gz`, gzipSync(content));
}

export function fakeWebBuild(
  files: { routes?: unknown; headers?: unknown } = { routes: ROUTES, headers: HEADERS },
): string {
  const dir = scratchDir('web-dist-');
  mkdirSync(join(dir, 'assets'));
  withCopies(join(dir, 'index.html'), INDEX_HTML);
  withCopies(join(dir, 'assets', 'app-Dx3k9a.js'), APP_JS);
  if (files.routes !== undefined) writeFileSync(join(dir, 'routes.json'), JSON.stringify(files.routes));
  if (files.headers !== undefined) writeFileSync(join(dir, 'headers.json'), JSON.stringify(files.headers));
  return dir;
}
