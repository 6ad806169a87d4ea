import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/server';
import { pathOf } from '../support/paths';
import { sandbox } from '../support/sandbox';
import { APP_JS, fakeWebBuild, INDEX_HTML, POLICY } from '../support/web-build';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET with exactly these headers; the body as sent (not decompressed). */
function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const PAGE = { accept: 'text/html,application/xhtml+xml' };
const IMMUTABLE = 'public, max-age=31536000, immutable';

let box: RunningSandbox;
beforeAll(async () => {
  box = await sandbox({ webDir: fakeWebBuild() });
});

describe('the web build, served as a CDN would', () => {
  it('sends the brotli or gzip copy Accept-Encoding asks for, or the file itself', async () => {
    const url = `${box.url}/assets/app-Dx3k9a.js`;
    const brotli = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(APP_JS);
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(APP_JS);
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(APP_JS);
    for (const answer of [brotli, gzip, plain]) {
      expect(answer.headers['content-type']).toContain('javascript');
      expect(answer.headers.vary).toBe('Accept-Encoding');
    }
    // A module script is a CORS request: Vary keeps the CORS layer's Origin beside the encoding.
    const cors = await get(url, { 'accept-encoding': 'br', origin: box.url });
    expect(cors.headers.vary).toBe('Origin, Accept-Encoding');
  });

  it('caches hashed assets for a year as immutable, and revalidates index.html', async () => {
    const asset = await get(`${box.url}/assets/app-Dx3k9a.js`, { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe(IMMUTABLE);
    for (const path of ['/', '/index.html', '/matches']) {
      const page = await get(`${box.url}${path}`, { ...PAGE, 'accept-encoding': 'br' });
      expect(page.status, path).toBe(200);
      expect(page.headers['cache-control'], path).toBe('no-cache');
      expect(page.headers['content-encoding'], path).toBe('br');
      expect(brotliDecompressSync(page.body).toString(), path).toBe(INDEX_HTML);
    }
  });

  it('sends the build headers, its policy among them, with every file and the not-found page', async () => {
    for (const path of [
      '/',
      '/assets/app-Dx3k9a.js',
      '/matches/members/u1',
      '/no/such/page',
      '/assets/gone.js',
    ]) {
      const answer = await get(`${box.url}${path}`, PAGE);
      expect(answer.headers['content-security-policy'], path).toBe(POLICY);
      expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
    }
  });

  it('answers a path of the route manifest with the app, as wouter matches it', async () => {
    for (const path of [
      '/account/login',
      '/Account/Login/',
      '/matches/members/u-42',
      '/faith/jew/marriage/singles',
      '/account/login?next=%2Fmatches',
    ]) {
      const answer = await get(`${box.url}${path}`, PAGE);
      expect(answer.status, path).toBe(200);
      expect(answer.body.toString(), path).toBe(INDEX_HTML);
    }
    expect((await get(`${box.url}/matches`, PAGE, 'HEAD')).status).toBe(200);
  });

  it('answers any other page with the app (its not-found page) and status 404, nested paths included', async () => {
    for (const path of [
      '/nothing-here',
      '/account',
      '/account/login/extra',
      '/matches/members',
      '/faith/buddhist/marriage/singles',
      '/faith/muslim/marriage',
      '//matches',
    ]) {
      const answer = await get(`${box.url}${path}`, { ...PAGE, 'accept-encoding': 'gzip' });
      expect(answer.status, path).toBe(404);
      expect(answer.headers['cache-control'], path).toBe('no-cache');
      expect(gunzipSync(answer.body).toString(), path).toBe(INDEX_HTML);
    }
  });

  it('answers a missing file with a plain 404 that is never cached', async () => {
    const answer = await get(`${box.url}/assets/gone-abc.js`, { accept: '*/*' });
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toContain('text/plain');
    expect(answer.headers['cache-control']).toBe('no-cache');
  });

  it('leaves API, sandbox and socket paths to the sandbox', async () => {
    const api = await get(`${box.url}/api/unknown/thing`, PAGE);
    expect(api.status).toBe(404);
    expect(JSON.parse(api.body.toString()).message).toContain('not found');
    expect(api.headers['content-security-policy']).toBeUndefined();
    expect((await get(`${box.url}/sandbox`, PAGE)).body.toString()).toContain('Demo accounts');
    expect((await fetch(`${box.url}${pathOf('features.list')}`)).status).toBe(200);
  });
});

describe('a web build without its serving files', () => {
  it('stops the start naming the missing file', async () => {
    await expect(sandbox({ webDir: fakeWebBuild({ headers: {} }) })).rejects.toThrow(
      /has no routes\.json: build it with `pnpm --filter @matchmaker\/web build`/,
    );
  });

  it('stops the start naming the bad field of a malformed file', async () => {
    const routes = { routes: [{ pattern: 'matches' }] };
    await expect(sandbox({ webDir: fakeWebBuild({ routes, headers: {} }) })).rejects.toThrow(
      /routes\.json is not a valid routes\.json: routes\.0\.pattern: a path such as/,
    );
    const headers = { headers: { 'Bad Name': 'x' }, cache: [] };
    const valid = { routes: [{ pattern: '/' }] };
    await expect(sandbox({ webDir: fakeWebBuild({ routes: valid, headers }) })).rejects.toThrow(
      /headers\.json is not a valid headers\.json: headers\.Bad Name: not a header name; cache: /,
    );
  });
});
