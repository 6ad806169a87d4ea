/**
 * `--all` over pages that shift under it, a failure midway, and a page past the last. A proxy of
 * our own between the CLI and the sandbox adds users or fails a page at a chosen moment.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningSandbox } from '@matchmaker/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, envFor, login, sandbox } from './support/cli';

let box: RunningSandbox;
let env: NodeJS.ProcessEnv;
let proxyUrl: string;
/** A staff member signed in through the proxy. */
let proxied: NodeJS.ProcessEnv;
/** Called with each users search page number before it is forwarded; may answer instead. */
let onSearch: (page: number) => { status: number; body: unknown } | undefined = () => undefined;
const closers: (() => void)[] = [];

async function body(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

beforeAll(async () => {
  box = await sandbox();
  env = envFor(box);
  expect((await login(env)).code).toBe(0);
  const server = createServer(async (request, response) => {
    const text = await body(request);
    if (request.url?.endsWith('/users/search')) {
      const page = Number(JSON.parse(text).page);
      const answer = onSearch(page);
      if (answer) {
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer.body));
        return;
      }
    }
    const headers = { ...request.headers } as Record<string, string>;
    delete headers.host;
    delete headers['content-length'];
    const forwarded = await fetch(`${box.url}${request.url}`, {
      method: request.method ?? 'GET',
      headers,
      ...(text === '' ? {} : { body: text }),
    });
    response.writeHead(forwarded.status, { 'content-type': forwarded.headers.get('content-type') ?? '' });
    response.end(Buffer.from(await forwarded.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closers.push(() => server.close());
  proxied = envFor(box, { MATCHMAKER_API_BASE: proxyUrl });
  expect((await login(proxied)).code).toBe(0);
});
afterAll(() => {
  for (const close of closers) close();
});

/** Adds `count` users newer than every other: they go to the top of page 1, shifting the rest. */
function addNewestUsers(count: number) {
  const [model] = box.world.store.usersNewestFirst();
  if (!model) throw new Error('no users');
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    box.world.store.addUser({
      ...model,
      keycloakId: id,
      username: `late.${id.slice(0, 8)}`,
      email: `late.${id.slice(0, 8)}@members.sandbox.test`,
      created_at: `2099-01-01T00:00:0${i}.000Z`,
    });
  }
}

const viaProxy = () => proxied;

describe('users search --all', () => {
  it('prints each record once when records are added while it pages, and says the list may be incomplete', async () => {
    const total = Object.keys(box.world.store.data.users).length;
    onSearch = (page) => {
      if (page === 3) addNewestUsers(3);
      return undefined;
    };
    const result = await cli(['users', 'search', '--all', '-o', 'ndjson', '--fields', 'id'], {
      env: viaProxy(),
    });
    onSearch = () => undefined;
    expect(result.code).toBe(0);
    const ids = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(total);
    expect(result.stderr).toContain(
      '3 records were added or removed while paging: the list may be incomplete; run again',
    );
  });

  it('a failure midway says the output is incomplete and which page failed; json stays valid', async () => {
    onSearch = (page) =>
      page === 4 ? { status: 503, body: { message: 'Injected fault (503)' } } : undefined;
    const json = await cli(['users', 'search', '--all', '-o', 'json'], { env: viaProxy() });
    const ndjson = await cli(['users', 'search', '--all', '-o', 'ndjson'], { env: viaProxy() });
    onSearch = () => undefined;
    const pages = Math.ceil(Object.keys(box.world.store.data.users).length / 15);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toHaveLength(45);
    expect(JSON.parse(json.stderr)).toEqual({
      code: 'HTTP_503',
      message: expect.stringContaining(
        `stopped at page 4 of ${pages} after 45 records: Injected fault (503)`,
      ),
    });
    expect(ndjson.code).toBe(1);
    expect(ndjson.stdout.trim().split('\n')).toHaveLength(45);
    expect(JSON.parse(ndjson.stderr).message).toMatch(/^The output is incomplete: stopped at page 4 of/);
    expect(JSON.parse(ndjson.stderr).message).toContain('--page 4 --all');
  });

  it('a failure on the first page prints nothing and says so plainly', async () => {
    onSearch = () => ({ status: 503, body: { message: 'Injected fault (503)' } });
    const json = await cli(['users', 'search', '--all', '-o', 'json'], { env: viaProxy() });
    onSearch = () => undefined;
    expect(json.code).toBe(1);
    expect(json.stdout).toBe('');
    expect(JSON.parse(json.stderr).message).not.toContain('stopped at page');
  });
});

describe('--page past the last page', () => {
  it('prints no records, exits 0 and says which page is the last', async () => {
    const pages = Math.ceil(Object.keys(box.world.store.data.users).length / 15);
    const past = await cli(['users', 'search', '--page', String(pages + 1), '-o', 'csv', '--fields', 'id'], {
      env,
    });
    expect(past.code).toBe(0);
    expect(past.stdout).toBe('id\n');
    expect(past.stderr).toBe(`Page ${pages + 1} is past the last page (${pages})\n`);
    const last = await cli(['users', 'search', '--page', String(pages)], { env });
    expect(last.stderr).toBe('');
  });
});
