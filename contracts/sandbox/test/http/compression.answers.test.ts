/**
 * The API compresses its answers as a real provider does (compression.ts): brotli or gzip by
 * Accept-Encoding for JSON and text over the threshold, plain otherwise, with Vary either way; never
 * a HEAD, a file answer or media, nor the web build's own files.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { THRESHOLD_BYTES } from '../../src/http/compression';
import type { RunningSandbox } from '../../src/server';
import { accessToken, type RawAnswer, rawRequest } from '../support/http';
import { pathOf } from '../support/paths';
import { sandbox } from '../support/sandbox';
import { fakeWebBuild } from '../support/web-build';

const ALL = 'gzip, deflate, br';
/** Longer than the threshold, and compressible: a drawing with a long comment. */
const BIG_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><!-- ${'drawn '.repeat(400)}--><rect width="10" height="10"/></svg>`;

let box: RunningSandbox;
let token: string;
beforeAll(async () => {
  box = await sandbox({ webDir: fakeWebBuild() });
  token = await accessToken(box.url, 'member1');
});

const recommendations = () => `${pathOf('recommendations.list')}?page=1&per_page=50`;

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return rawRequest(`${box.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
}

/** The body as the client reads it after undoing Content-Encoding. */
function decoded(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString();
  if (encoding === 'gzip') return gunzipSync(answer.body).toString();
  expect(encoding).toBeUndefined();
  return answer.body.toString();
}

function expectVaries(answer: RawAnswer): void {
  expect(String(answer.headers.vary).toLowerCase()).toContain('accept-encoding');
}

describe('API answers, compressed by Accept-Encoding', () => {
  it('sends a large JSON answer as brotli or gzip when asked, the same JSON either way', async () => {
    const plain = await get(recommendations());
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(10 * THRESHOLD_BYTES);
    const brotli = await get(recommendations(), { 'accept-encoding': ALL });
    expect(brotli.headers['content-encoding']).toBe('br');
    const gzip = await get(recommendations(), { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const answer of [brotli, gzip]) {
      expect(answer.body.length).toBeLessThan(plain.body.length / 3);
      // A large answer streams through the compressor (chunked); a length, when sent, is the encoded one.
      const length = answer.headers['content-length'];
      if (length !== undefined) expect(Number(length)).toBe(answer.body.length);
      expect(answer.headers['content-type']).toContain('application/json');
      expect(JSON.parse(decoded(answer))).toEqual(JSON.parse(plain.text));
      expectVaries(answer);
    }
  });

  it('sends it plain when not asked, when asked for identity, or when every coding has q=0', async () => {
    const asked: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ];
    for (const headers of asked) {
      const answer = await get(recommendations(), headers);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(() => JSON.parse(answer.text)).not.toThrow();
      // The same address answers compressed bytes to others: caches must not hand these out.
      expectVaries(answer);
    }
    // A q-value picks between the two.
    const gzipPreferred = await get(recommendations(), { 'accept-encoding': 'br;q=0.5, gzip' });
    expect(gzipPreferred.headers['content-encoding']).toBe('gzip');
  });

  it('keeps small answers plain, even when asked', async () => {
    const settings = await get(pathOf('settings.get'), { 'accept-encoding': ALL });
    expect(settings.status).toBe(200);
    expect(settings.body.length).toBeLessThan(THRESHOLD_BYTES);
    expect(settings.headers['content-encoding']).toBeUndefined();
    expectVaries(settings);
  });

  it('answers a HEAD with no body and no Content-Encoding, varying as its GET does', async () => {
    const head = await get(recommendations(), { 'accept-encoding': ALL }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBeUndefined();
    // The headers a GET would carry (RFC 9110 9.3.2), so a cache that learns from a HEAD keys it
    // by Accept-Encoding as it would the GET.
    expectVaries(head);
  });

  it('compresses a large documented Error body that decodes to the same error', async () => {
    // The 415 names the type it refuses: a long one makes an error body over the threshold.
    const type = `application/x-${'long'.repeat(THRESHOLD_BYTES / 2)}`;
    const send = (headers: Record<string, string>) =>
      rawRequest(`${box.url}${pathOf('accounts.register')}`, {
        method: 'POST',
        headers: { 'content-type': type, ...headers },
        body: 'x',
      });
    const plain = await send({});
    const brotli = await send({ 'accept-encoding': 'br' });
    expect(plain.status).toBe(415);
    expect(brotli.status).toBe(415);
    expect(brotli.headers['content-encoding']).toBe('br');
    const error = JSON.parse(decoded(brotli)) as { message: string };
    expect(error).toEqual(JSON.parse(plain.text));
    expect(error.message).toContain(type);
  });
});

describe('answers that are never compressed', () => {
  async function uploadSvg(
    id: 'images.upload' | 'images.uploadContact',
  ): Promise<{ filename: string; imageUrl: string }> {
    const form = new FormData();
    if (id === 'images.upload') form.append('image_type', 'Gallery Photo');
    form.append('file', new Blob([BIG_SVG], { type: 'image/svg+xml' }), 'drawing.svg');
    const answer = await fetch(`${box.url}${pathOf(id)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(answer.status).toBe(200);
    return (await answer.json()) as { filename: string; imageUrl: string };
  }

  it('sends media as stored: an uploaded SVG image and a chat file', async () => {
    const image = await uploadSvg('images.upload');
    const served = await rawRequest(image.imageUrl, { headers: { 'accept-encoding': ALL } });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toContain('image/svg+xml');
    expect(served.headers['content-encoding']).toBeUndefined();
    expect(served.text).toBe(BIG_SVG);

    // The API's own file answer (chats.getFile) of a file sent in a chat.
    const file = await uploadSvg('images.uploadContact');
    const member2 = box.world.store.userByEmail('member2@sandbox.test')?.keycloakId ?? '';
    const sent = await rawRequest(`${box.url}${pathOf('chats.sendMessage')}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ recipient_id: member2, message: 'a drawing', file: file.filename }),
    });
    expect(sent.status).toBe(200);
    const download = await get(pathOf('chats.getFile', { filename: file.filename }), {
      'accept-encoding': ALL,
    });
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toContain('image/svg+xml');
    expect(download.headers['content-encoding']).toBeUndefined();
    expect(download.text).toBe(BIG_SVG);
  });

  it("leaves the web build's files to their build-time copies: a file without one stays plain", async () => {
    const root = fakeWebBuild();
    // A JSON file over the threshold with no .br or .gz copy beside it (the build copies only
    // files that gain from it).
    const content = JSON.stringify({ words: 'word '.repeat(THRESHOLD_BYTES) });
    writeFileSync(join(root, 'data.json'), content);
    const web = await sandbox({ webDir: root });
    const file = await rawRequest(`${web.url}/data.json`, { headers: { 'accept-encoding': ALL } });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('application/json');
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.text).toBe(content);
  });
});
