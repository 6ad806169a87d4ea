import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

/** One request as the test server saw it. */
export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** Raw body text ('' when none). */
  text: string;
  /** Body parsed as JSON when it was JSON, else undefined. */
  json: unknown;
}

export interface Reply {
  status?: number;
  /** Sent as JSON unless it is a Buffer or string. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Destroy the socket instead of answering (a network failure). */
  drop?: boolean;
}

export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

/**
 * A real node:http server on 127.0.0.1 for tests: it records every request and answers with the
 * current handler. Tests swap handlers with `server.handle(fn)` and read `server.requests`.
 */
export interface TestServer {
  readonly url: string;
  readonly requests: RecordedRequest[];
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export async function startTestServer(
  initial: Handler = () => ({ status: 200, body: {} }),
): Promise<TestServer> {
  let handler = initial;
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    void serve(req, res);
  });

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let json: unknown;
    if ((req.headers['content-type'] ?? '').includes('json') && text !== '') {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      text,
      json,
    };
    requests.push(recorded);
    let reply: Reply;
    try {
      reply = await handler(recorded);
    } catch (error) {
      reply = { status: 500, body: { message: String(error) } };
    }
    if (reply.drop) {
      req.socket.destroy();
      return;
    }
    const status = reply.status ?? 200;
    const headers: Record<string, string> = { ...reply.headers };
    let payload: string | Buffer = '';
    if (Buffer.isBuffer(reply.body) || typeof reply.body === 'string') {
      payload = reply.body;
    } else if (reply.body !== undefined) {
      payload = JSON.stringify(reply.body);
      headers['content-type'] ??= 'application/json';
    }
    res.writeHead(status, headers);
    res.end(payload);
  }

  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A test server whose lifecycle is tied to the enclosing test file, plus `lastRequest()`. */
export interface SharedTestServer extends TestServer {
  /** The most recent request; throws when none reached the server. */
  lastRequest(): RecordedRequest;
}

/**
 * Starts one server for the file (beforeAll), closes it (afterAll) and, before each test, forgets
 * recorded requests and restores `defaultHandler`. The returned object is usable at module level.
 */
export function useTestServer(defaultHandler: Handler = () => ({ status: 200, body: {} })): SharedTestServer {
  let current: TestServer | undefined;
  const started = (): TestServer => {
    if (!current) throw new Error('the test server is used outside a test');
    return current;
  };
  beforeAll(async () => {
    current = await startTestServer(defaultHandler);
  });
  afterAll(() => current?.close());
  beforeEach(() => {
    started().requests.length = 0;
    started().handle(defaultHandler);
  });
  return {
    get url() {
      return started().url;
    },
    get requests() {
      return started().requests;
    },
    handle: (handler) => started().handle(handler),
    close: () => started().close(),
    lastRequest() {
      const request = started().requests.at(-1);
      if (!request) throw new Error('no request reached the server');
      return request;
    },
  };
}
