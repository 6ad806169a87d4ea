/**
 * Each status the sandbox answers beside success and validation, provoked on purpose and held to
 * the OpenAPI document: the status is listed for that operation, its body is an `Error`, and the
 * headers it documents are there. The property-based run (sandbox.conformance) may never happen
 * to hit these, so each has its own probe.
 */
import { readFileSync } from 'node:fs';
import { startSandbox } from '@matchmaker/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentChecker } from '../../src/conformance/document-checker';
import { type Operation, operationsOf } from '../../src/conformance/operations';
import { OPENAPI_FILE } from '../../src/openapi/document';

const document = JSON.parse(readFileSync(new URL(`../../${OPENAPI_FILE}`, import.meta.url), 'utf8'));
const operations = new Map(operationsOf(document).map((operation) => [operation.id, operation]));
const checker = new DocumentChecker(document);

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(() => sandbox?.close());

function operation(id: string): Operation {
  const found = operations.get(id);
  if (!found) throw new Error(`no operation ${id} in the document`);
  return found;
}

function tokenOf(email: string): string {
  const user = sandbox.world.store.userByEmail(email);
  if (!user) throw new Error(`no seeded ${email}`);
  return sandbox.world.auth.issue(user).access_token;
}

/** Sends to the operation's path and checks the answer against the document; answers status and body. */
async function probe(id: string, path: string, init: RequestInit = {}) {
  const response = await fetch(new URL(path, sandbox.url), init);
  const text = await response.text();
  const body: unknown = text === '' ? undefined : JSON.parse(text);
  expect(checker.problems(operation(id), response.status, response.headers, body)).toEqual([]);
  return { status: response.status, headers: response.headers, body };
}

const json = (token: string | undefined, body: string, method = 'POST'): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body,
});

describe('statuses the document lists, as the sandbox answers them', () => {
  it('404 for a lookup by an id that names nothing', async () => {
    const answer = await probe('alerts.getNotification', '/api/alerts/v2/0', {
      headers: { authorization: `Bearer ${tokenOf('member1@sandbox.test')}` },
    });
    expect(answer.status).toBe(404);
  });

  it('409 for a recommendation answered twice', async () => {
    const member = sandbox.world.store.userByEmail('member1@sandbox.test');
    const pending = sandbox.world.store.data.recommendations.find(
      (entry) => entry.user_id === member?.keycloakId && entry.status === 'PENDING',
    );
    if (!pending) throw new Error('member1 has no pending recommendation');
    const path = `/api/recommendations/v2/matches/recommendations/${pending.id}`;
    const token = tokenOf('member1@sandbox.test');
    const body = JSON.stringify({ status: 'ACCEPTED' });
    expect((await probe('recommendations.respond', path, json(token, body, 'PUT'))).status).toBe(200);
    expect((await probe('recommendations.respond', path, json(token, body, 'PUT'))).status).toBe(409);
  });

  it("409 OWN_ACCOUNT for a call naming the caller's own account where it acts on another's", async () => {
    const admin = sandbox.world.store.userByEmail('admin@sandbox.test');
    const member = sandbox.world.store.userByEmail('member1@sandbox.test');
    if (!admin || !member) throw new Error('the demo admin or member1 is missing');
    const adminToken = tokenOf('admin@sandbox.test');
    const memberToken = tokenOf('member1@sandbox.test');
    const own = `/api/usermgmt/v2/admin/users/${admin.keycloakId}`;
    const self = member.keycloakId;
    const probes: [string, string, RequestInit][] = [
      ['admin.deactivateUser', `${own}/deactivate`, json(adminToken, '', 'PUT')],
      ['admin.suspendUser', `${own}/suspend`, json(adminToken, '', 'PUT')],
      ['admin.changeUserRole', `${own}/role`, json(adminToken, '{"role":"General"}', 'PUT')],
      ['admin.deleteUser', `${own}/`, json(adminToken, '', 'DELETE')],
      [
        'chats.sendMessage',
        '/api/chats/v2/chats/messages',
        json(memberToken, JSON.stringify({ recipient_id: self, message: 'Hi' })),
      ],
      [
        'chats.updateBlocks',
        '/api/chats/v2/chats/blocks',
        json(memberToken, JSON.stringify({ user_id: self, blocked: true }), 'PUT'),
      ],
      [
        'chats.report',
        '/api/chats/v2/reports/reports',
        json(memberToken, JSON.stringify({ reported_user_id: self, reason: 'Me' })),
      ],
      [
        'recommendations.sendRequest',
        '/api/recommendations/v2/matches/requests',
        json(memberToken, JSON.stringify({ recipient_id: self })),
      ],
    ];
    for (const [id, path, init] of probes)
      expect(await probe(id, path, init), id).toMatchObject({ status: 409, body: { code: 'OWN_ACCOUNT' } });
  });

  it('409 with the earlier decision for a flagged image decided twice', async () => {
    const image = Object.values(sandbox.world.store.data.images).find((entry) => entry.flagged);
    if (!image) throw new Error('the seed has no flagged image');
    const token = tokenOf('admin@sandbox.test');
    const path = '/api/bytebox/v2/images/flagged';
    const decide = (approved: boolean) => json(token, JSON.stringify({ filename: image.filename, approved }));
    expect((await probe('images.decideFlagged', path, decide(true))).status).toBe(200);
    const again = await probe('images.decideFlagged', path, decide(false));
    expect(again).toMatchObject({
      status: 409,
      body: { code: 'ALREADY_DECIDED', decision: { filename: image.filename, approved: true } },
    });
  });

  it('413 for a JSON body over 1 MB, and for more files than an upload takes', async () => {
    const big = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024) });
    expect(
      (await probe('accounts.login', '/api/usermgmt/v2/accounts/login', json(undefined, big))).status,
    ).toBe(413);
    const form = new FormData();
    for (let index = 0; index < 6; index++)
      form.append('file', new Blob(['png'], { type: 'image/png' }), 'a.png');
    const answer = await probe('images.upload', '/api/bytebox/v2/images/upload', {
      method: 'POST',
      headers: { authorization: `Bearer ${tokenOf('member1@sandbox.test')}` },
      body: form,
    });
    expect(answer.status).toBe(413);
  });

  it('414 for a path parameter over 255 characters; 400 with the field below that', async () => {
    const admin = { method: 'PUT', headers: { authorization: `Bearer ${tokenOf('admin@sandbox.test')}` } };
    const tooLong = await probe(
      'features.toggle',
      `/api/feature-switch/v2/features/${'A'.repeat(256)}/toggle`,
      admin,
    );
    expect(tooLong.status).toBe(414);
    const overSchema = await probe(
      'features.toggle',
      `/api/feature-switch/v2/features/${'A'.repeat(101)}/toggle`,
      admin,
    );
    expect(overSchema).toMatchObject({ status: 400, body: { errors: [{ path: 'params.code' }] } });
  });

  it("406 for a suspended account's token, on a public call too", async () => {
    const answer = await probe('features.list', '/api/feature-switch/v2/features', {
      headers: { authorization: `Bearer ${tokenOf('suspended@sandbox.test')}` },
    });
    expect(answer.status).toBe(406);
  });

  it('405 with Allow naming exactly the methods the document lists (and HEAD with GET), for every path', async () => {
    const paths = document.paths as Record<string, Record<string, unknown>>;
    for (const [template, item] of Object.entries(paths)) {
      const path = template.replace(/\{\w+\}/g, 'x1');
      const response = await fetch(new URL(path, sandbox.url), { method: 'PATCH' });
      // HEAD is answered wherever GET is, as HTTP servers do, so Allow names it there too.
      const methods = Object.keys(item).map((method) => method.toUpperCase());
      const listed = (methods.includes('GET') ? [...methods, 'HEAD'] : methods).sort();
      expect(response.status, template).toBe(405);
      const allowed = (response.headers.get('allow') ?? '')
        .split(/,\s*/)
        .filter((method) => method !== 'OPTIONS');
      expect(allowed.sort(), template).toEqual(listed);
      expect(checker.isError(await response.json()), template).toBe(true);
    }
  });

  it('415 for a body the API does not read (XML)', async () => {
    const answer = await probe('accounts.login', '/api/usermgmt/v2/accounts/login', {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<login email="a@example.com"/>',
    });
    expect(answer.status).toBe(415);
  });

  it('431 with the Error body for a URL over the request line and headers limit', async () => {
    const answer = await probe('features.list', `/api/feature-switch/v2/features?q=${'x'.repeat(20_000)}`);
    expect(answer.status).toBe(431);
  });

  it('429 with Retry-After past --rate-limit', async () => {
    sandbox.faults.rateLimit = 1;
    try {
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let attempt = 0; attempt < 3 && !retryAfter; attempt++) {
        const answer = await probe('features.list', '/api/feature-switch/v2/features');
        statuses.push(answer.status);
        retryAfter = answer.headers.get('retry-after');
      }
      expect(statuses).toContain(429);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    } finally {
      sandbox.faults.rateLimit = undefined;
    }
  });

  it('400 naming the key for a __proto__ key, and naming the file for an empty upload', async () => {
    const proto = '{"email":"a@example.com","password":"pw","extra":{"__proto__":{"admin":true}}}';
    const answer = await probe('accounts.login', '/api/usermgmt/v2/accounts/login', json(undefined, proto));
    expect(answer).toMatchObject({ status: 400, body: { errors: [{ path: 'body.extra.__proto__' }] } });
    const form = new FormData();
    form.append('file', new Blob([], { type: 'image/png' }), 'empty.png');
    const empty = await probe('images.upload', '/api/bytebox/v2/images/upload', {
      method: 'POST',
      headers: { authorization: `Bearer ${tokenOf('member1@sandbox.test')}` },
      body: form,
    });
    expect(empty).toMatchObject({
      status: 400,
      body: { errors: [{ path: 'body.file', message: 'The file is empty' }] },
    });
  });
});
