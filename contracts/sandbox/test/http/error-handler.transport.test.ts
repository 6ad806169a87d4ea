/**
 * Answers given before a route runs (a malformed URL, a path parameter over its limit, a request
 * line and headers over the server's limit, a body or upload over its limit) are the documented
 * `Error` body: `{ message }` naming what was over which limit, never fastify's own shape or an
 * `FST_*` code.
 */
import { API_ERROR_CODES, REQUEST_LIMITS, UPLOAD_LIMITS } from '@matchmaker/sdk/schemas';
import { describe, expect, it } from 'vitest';
import { accessToken, rawRequest } from '../support/http';
import { pathOf } from '../support/paths';
import { sandbox } from '../support/sandbox';
import { PNG } from '../support/uploads';

/** The document's `Error`: a message, and a code only when it is one of the project's. */
function expectErrorBody(text: string, message: RegExp) {
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(Object.keys(body).filter((key) => !['message', 'errors', 'code'].includes(key))).toEqual([]);
  if (body.code !== undefined) expect(Object.keys(API_ERROR_CODES)).toContain(body.code);
  expect(body.message).toMatch(message);
}

describe('transport-level answers', () => {
  it('answers a malformed URL with 400 and the Error body', async () => {
    const box = await sandbox();
    const answer = await rawRequest(`${box.url}/api/alerts/v2/%E0%A4%A`);
    expect(answer.status).toBe(400);
    expectErrorBody(answer.text, /URL/);
  });

  it('answers a path parameter over its limit with 414 naming the limit', async () => {
    const box = await sandbox();
    const long = 'x'.repeat(REQUEST_LIMITS.pathParam + 1);
    const answer = await rawRequest(`${box.url}${pathOf('alerts.getNotification', { id: long })}`);
    expect(answer.status).toBe(414);
    expectErrorBody(answer.text, new RegExp(`${REQUEST_LIMITS.pathParam} characters`));
  });

  it('answers a URL over the header limit with 431 and the Error body naming the limit', async () => {
    const box = await sandbox();
    const answer = await rawRequest(`${box.url}/api/alerts/v2/?q=${'x'.repeat(20_000)}`);
    expect(answer.status).toBe(431);
    expectErrorBody(answer.text, /16 KB/);
  });

  it('answers a JSON body over its limit with 413 naming the limit', async () => {
    const box = await sandbox();
    const answer = await rawRequest(`${box.url}${pathOf('accounts.login')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(REQUEST_LIMITS.jsonBytes) }),
    });
    expect(answer.status).toBe(413);
    expectErrorBody(answer.text, new RegExp(`${REQUEST_LIMITS.jsonBytes} bytes`));
  });

  it('answers too many files, a file too large and too many parts with 413 naming each limit', async () => {
    const box = await sandbox();
    const token = await accessToken(box.url, 'member1');
    const send = async (form: FormData) => {
      const response = await fetch(`${box.url}${pathOf('images.upload')}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      return { status: response.status, text: await response.text() };
    };
    const files = new FormData();
    for (let n = 0; n <= UPLOAD_LIMITS.maxFiles; n++)
      files.append('file', new Blob([PNG], { type: 'image/png' }), `${n}.png`);
    const tooMany = await send(files);
    expect(tooMany.status).toBe(413);
    expectErrorBody(tooMany.text, new RegExp(`${UPLOAD_LIMITS.maxFiles} files`));

    const big = new FormData();
    big.append(
      'file',
      new Blob([new Uint8Array(UPLOAD_LIMITS.maxBytes + 1)], { type: 'image/png' }),
      'big.png',
    );
    const tooBig = await send(big);
    expect(tooBig.status).toBe(413);
    expectErrorBody(tooBig.text, new RegExp(`${UPLOAD_LIMITS.maxBytes} bytes`));

    const parts = new FormData();
    for (let n = 0; n < 1001; n++) parts.append(`field${n}`, 'x');
    const tooManyParts = await send(parts);
    expect(tooManyParts.status).toBe(413);
    expectErrorBody(tooManyParts.text, /1000 parts/);
  });
});
