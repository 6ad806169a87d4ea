/**
 * Requests no client should send, each answered with a 4xx naming what was wrong, never a 5xx:
 * query keys named after Object.prototype members on every call, malformed multipart bodies on
 * the upload calls, and repeated or prototype-named query keys on the sandbox's own pages.
 */
import { endpointList } from '@matchmaker/sdk/schemas';
import { describe, expect, it } from 'vitest';
import { accessToken } from '../support/http';
import { pathOf } from '../support/paths';
import { sandbox } from '../support/sandbox';

/** Names every plain object inherits: a lookup by key that is not an own-property check finds them. */
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);

async function answer(url: string, init: RequestInit = {}) {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // An HTML page (the sandbox's own pages) stays text.
  }
  return { status: response.status, body };
}

describe('requests no client should send', () => {
  it('answers query keys named after Object.prototype members with no 5xx, on every call', async () => {
    const box = await sandbox();
    const token = await accessToken(box.url, 'admin');
    const failures: string[] = [];
    for (const entry of endpointList) {
      const params = Object.fromEntries(
        [...entry.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, 'x1']),
      );
      // Empty and not, as the value is converted differently.
      const query = PROTOTYPE_NAMES.map((name, index) => `${name}=${index % 2 ? '1' : ''}`).join('&');
      const url = `${box.url}${pathOf(entry.id as never, params)}?${query}`;
      const { status, body } = await answer(url, {
        method: entry.method,
        headers: { authorization: `Bearer ${token}` },
      });
      if (status >= 500) failures.push(`${entry.id} ?${query}: ${status} ${JSON.stringify(body)}`);
    }
    expect(failures).toEqual([]);
  });

  const boundary = 'probe-boundary';
  const filePart = (content: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${content}`;
  const MALFORMED: [string, string, string][] = [
    ['no boundary', 'multipart/form-data', 'abc'],
    ['no part at all', `multipart/form-data; boundary=${boundary}`, 'abc'],
    [
      'a file part cut off before its closing boundary',
      `multipart/form-data; boundary=${boundary}`,
      filePart('\x89PNG'),
    ],
    [
      'a part without a Content-Disposition',
      `multipart/form-data; boundary=${boundary}`,
      `--${boundary}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${boundary}--\r\n`,
    ],
  ];

  for (const id of ['images.upload', 'images.uploadContact'] as const) {
    for (const [what, contentType, body] of MALFORMED) {
      it(`answers 400 naming the body to ${id} with ${what}`, async () => {
        const box = await sandbox();
        const token = await accessToken(box.url, 'member1');
        const { status, body: answered } = await answer(`${box.url}${pathOf(id)}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
          body,
        });
        expect({ status, answered }).toMatchObject({
          status: 400,
          answered: { message: 'Validation failed', errors: [{ path: expect.stringMatching(/^body/) }] },
        });
      });
    }
  }

  it('answers the sandbox pages with repeated or prototype-named query keys with no 5xx', async () => {
    const box = await sandbox();
    const image = Object.keys(box.world.store.data.images)[0];
    // Every query key each page reads, and the names every object inherits.
    const pages: [string, string[]][] = [
      ['/sandbox/outbox.json', ['to']],
      ['/sandbox/outbox', []],
      ['/sandbox/oauth/authorize', ['redirect_uri', 'state', 'login_hint', 'client_id']],
      ['/sandbox/checkout', ['plan_id', 'offer_id', 'user_id', 'email', 'return_url']],
      ['/sandbox/ip-lookup', ['ip']],
      ['/sandbox/ip-lookup/json/', ['ip']],
      ['/sandbox/errors', ['format']],
      [`/sandbox/media/images/${image}`, ['size', 'expires', 'sig']],
      ['/sandbox/faults', []],
      ['/_pact/states', []],
    ];
    const failures: string[] = [];
    for (const [path, keys] of pages) {
      const queries = [
        ...keys.map((key) => `${key}=a&${key}=b`),
        ...keys.map((key) => `${key}[]=a`),
        ...PROTOTYPE_NAMES.map((name) => `${name}=x&${name}=y`),
      ];
      for (const query of queries) {
        const { status, body } = await answer(`${box.url}${path}?${query}`);
        if (status >= 500) failures.push(`${path}?${query}: ${status} ${JSON.stringify(body)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
