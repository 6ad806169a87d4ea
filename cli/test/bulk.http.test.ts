/**
 * The run's pooled fetch against a real node:http server: answers read whole (status, body,
 * headers, empty bodies), and, through the SDK's hooks, the Retry-After of 429 and 503 answers
 * noted on the run's gate; no time limit of undici's own.
 */
import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { createClient, MemoryTokenStore } from '@matchmaker/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pauseHooks, RetryAfterGate } from '../src/bulk/flow';
import { pooledFetch } from '../src/bulk/http';

let server: Server;
let next: { status: number; retryAfter: string | null } = { status: 200, retryAfter: null };
let base = '';
const seen: { method: string; headers: Record<string, string | string[] | undefined>; body: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      seen.push({ method: request.method ?? '', headers: request.headers, body });
      const url = new URL(request.url ?? '/', 'http://x');
      // The SDK's calls name no status: they get the next answer a test set.
      const status = Number(url.searchParams.get('status') ?? next.status);
      const retryAfter = url.searchParams.get('retry-after') ?? next.retryAfter;
      if (retryAfter !== null) response.setHeader('retry-after', retryAfter);
      response.setHeader('content-type', 'application/json');
      response.statusCode = status;
      response.end(status === 204 ? undefined : JSON.stringify({ status, name: 'Zoë' }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.close();
  await once(server, 'close');
});

describe('the pooled fetch', () => {
  it('sends the method, headers and text body, and answers like fetch', async () => {
    const pool = pooledFetch(2);
    try {
      const response = await pool.fetch(`${base}/x?status=201`, {
        method: 'PUT',
        headers: new Headers({ Authorization: 'Bearer t', 'content-type': 'application/json' }),
        body: '{"a":1}',
      });
      expect(seen.at(-1)).toMatchObject({ method: 'PUT', body: '{"a":1}' });
      expect(seen.at(-1)?.headers.authorization).toBe('Bearer t');
      expect(response.status).toBe(201);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(await response.json()).toEqual({ status: 201, name: 'Zoë' });
      expect(response.bodyUsed).toBe(true);
      await expect(response.text()).rejects.toThrow(TypeError);
      const empty = await pool.fetch(`${base}/x?status=204`, { method: 'DELETE' });
      expect(empty.status).toBe(204);
      expect(await empty.text()).toBe('');
    } finally {
      await pool.close();
    }
  });

  it('reads an answer sent in many pieces whole, and every header line, repeated ones too', async () => {
    const chunked = createServer((_request, response) => {
      response.setHeader('x-many', ['a', 'b']);
      response.setHeader('content-type', 'text/plain; charset=utf-8');
      const pieces = ['Zo', Buffer.from('ë').subarray(0, 1), Buffer.from('ë').subarray(1), ' and more'];
      const send = (index: number) => {
        if (index === pieces.length) response.end();
        else response.write(pieces[index], () => setTimeout(() => send(index + 1), 5));
      };
      send(0);
    });
    chunked.listen(0, '127.0.0.1');
    await once(chunked, 'listening');
    const pool = pooledFetch(1);
    try {
      const url = `http://127.0.0.1:${(chunked.address() as AddressInfo).port}/x`;
      const response = await pool.fetch(url, { method: 'GET' });
      expect(response.headers.get('x-many')).toBe('a, b');
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await response.text()).toBe('Zoë and more');
      const head = await pool.fetch(url, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
    } finally {
      await pool.close();
      chunked.closeAllConnections();
      chunked.close();
    }
  });

  it("stops at its caller's abort: a request in flight is cut, one still queued is never sent", async () => {
    const arrived: string[] = [];
    const closed: string[] = [];
    const stuck = createServer((request) => {
      arrived.push(request.url ?? '');
      // Never answered: only the client's abort ends it.
      request.socket.once('close', () => closed.push(request.url ?? ''));
    });
    stuck.listen(0, '127.0.0.1');
    await once(stuck, 'listening');
    // One connection: the second request waits in undici's queue behind the first.
    const pool = pooledFetch(1);
    try {
      const base = `http://127.0.0.1:${(stuck.address() as AddressInfo).port}`;
      const first = new AbortController();
      const second = new AbortController();
      const inFlight = pool.fetch(`${base}/first`, { method: 'PUT', body: '{}', signal: first.signal });
      const queued = pool.fetch(`${base}/second`, { method: 'PUT', body: '{}', signal: second.signal });
      await expect.poll(() => arrived).toEqual(['/first']);
      second.abort(new Error('second stopped'));
      await expect(queued).rejects.toThrow('second stopped');
      first.abort(new Error('first stopped'));
      await expect(inFlight).rejects.toThrow('first stopped');
      await expect.poll(() => closed).toEqual(['/first']);
      // A signal aborted already: nothing is sent at all.
      const already = new AbortController();
      already.abort(new Error('never sent'));
      await expect(pool.fetch(`${base}/third`, { method: 'GET', signal: already.signal })).rejects.toThrow(
        'never sent',
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(arrived).toEqual(['/first']);
    } finally {
      await pool.close();
      stuck.closeAllConnections();
      stuck.close();
    }
  });

  it("gets a 429's or 503's Retry-After to the gate through the SDK, in seconds or as a date; other answers' do not", async () => {
    const gate = new RetryAfterGate();
    const pool = pooledFetch(2);
    const client = createClient({
      baseURL: base,
      tokenStore: new MemoryTokenStore({ accessToken: 't', refreshToken: '' }),
      locks: null,
      fetch: pool.fetch,
      hooks: pauseHooks(gate, new AbortController().signal),
    });
    const answered = async (status: number, retryAfter: string | null) => {
      next = { status, retryAfter };
      await client.features.list().catch(() => undefined);
    };
    try {
      await answered(500, '30');
      expect(gate.remaining()).toBeUndefined();
      await answered(429, '3');
      expect(gate.remaining()).toBeGreaterThan(2_500);
      expect(gate.remaining()).toBeLessThanOrEqual(3_000);
      const later = new Date(Date.now() + 20_000).toUTCString();
      await answered(503, later);
      // The later of the two asks wins.
      expect(gate.remaining()).toBeGreaterThan(15_000);
    } finally {
      next = { status: 200, retryAfter: null };
      await pool.close();
    }
  });
});

/** undici's clock for its idle time limits (headers, body), which its tests move on by hand. */
const undiciTimers = createRequire(import.meta.url)('undici/lib/util/timers.js') as {
  tick: (delayMs?: number) => void;
};

describe('the time limit of an attempt', () => {
  it.each(['headers', 'body'] as const)(
    "is the SDK's alone: undici's own 300 s limit on the %s is off",
    async (late) => {
      let answer: ServerResponse | undefined;
      const slow = createServer((_request, response) => {
        answer = response;
        if (late === 'body') {
          // The headers go now, the body after the time a limit of undici's would have cut it.
          response.writeHead(200, { 'content-type': 'application/json' });
          response.write('{"late":');
        }
      });
      slow.listen(0, '127.0.0.1');
      await once(slow, 'listening');
      const pool = pooledFetch(1);
      try {
        const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/x`;
        const pending = pool.fetch(url, { method: 'GET' });
        pending.catch(() => {});
        await expect.poll(() => answer).toBeDefined();
        // undici arms a limit on the next tick of its clock and fires it on a later one.
        undiciTimers.tick(0);
        undiciTimers.tick(301_000);
        undiciTimers.tick(301_000);
        await new Promise((resolve) => setTimeout(resolve, 50));
        if (late === 'headers') {
          answer?.writeHead(200, { 'content-type': 'application/json' });
          answer?.write('{"late":');
        }
        answer?.end('true}');
        const response = await pending;
        expect(await response.json()).toEqual({ late: true });
      } finally {
        await pool.close();
        slow.closeAllConnections();
        slow.close();
      }
    },
  );
});
