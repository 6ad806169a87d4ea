/**
 * A gateway in front of the sandbox that a test programs request by request: pass through, answer
 * with a status of its own, answer late (after the sandbox has acted), never answer, or drop the
 * connection once the sandbox has acted. It records every request it sees, with when.
 */
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { RunningSandbox, SandboxOptions } from '@matchmaker/sandbox';
import { afterFile, envFor, login, sandbox } from './cli';

export type Reply =
  | 'pass'
  /** Never answers (until the client gives up). */
  | 'hang'
  /** Forwards to the sandbox, then closes the client's connection without an answer. */
  | 'drop'
  /** Forwards to the sandbox at once and passes its answer on after `lateMs`. */
  | { lateMs: number }
  | { status: number; headers?: Record<string, string>; body?: unknown };

export interface Seen {
  method: string;
  path: string;
  /** performance.now() when it arrived. */
  at: number;
  /** What the gateway did with it. */
  reply: Reply;
}

export interface Gateway {
  url: string;
  seen: Seen[];
  /** Decides each request; `pass` when unset. `index` counts the requests seen so far from 0. */
  rule: ((method: string, path: string, index: number) => Reply) | undefined;
}

export async function gateway(upstream: string): Promise<Gateway> {
  const target = new URL(upstream);
  const sockets = new Set<Socket>();
  const state: Gateway = { url: '', seen: [], rule: undefined };

  const toSandbox = (req: IncomingMessage, answer: (upstreamAnswer: IncomingMessage) => void) => {
    const out = forward(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      answer,
    );
    out.on('error', () => {});
    req.pipe(out);
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const reply = state.rule?.(method, path, state.seen.length) ?? 'pass';
    state.seen.push({ method, path, at: performance.now(), reply });
    res.on('error', () => {});
    if (reply === 'hang') {
      req.resume();
      return;
    }
    if (reply === 'pass') {
      toSandbox(req, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      return;
    }
    if (reply === 'drop') {
      toSandbox(req, (answer) => {
        answer.resume();
        answer.on('end', () => req.socket.destroy());
      });
      return;
    }
    if ('lateMs' in reply) {
      toSandbox(req, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          setTimeout(() => {
            if (res.destroyed) return;
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(chunks));
          }, reply.lateMs);
        });
      });
      return;
    }
    req.resume();
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(JSON.stringify(reply.body ?? { message: `Gateway answer ${reply.status}` }));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  afterFile(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  return state;
}

/** A sandbox behind a gateway, and the admin signed in through it (the credentials are the gateway's). */
export async function adminBehindGateway(
  options: SandboxOptions = {},
): Promise<{ box: RunningSandbox; gw: Gateway; env: NodeJS.ProcessEnv }> {
  const box = await sandbox(options);
  const gw = await gateway(box.url);
  const env = envFor(box, { MATCHMAKER_API_BASE: gw.url });
  const signedIn = await login(env);
  if (signedIn.code !== 0) throw new Error(`the admin could not sign in: ${signedIn.stderr}`);
  return { box, gw, env };
}
