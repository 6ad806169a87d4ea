/**
 * A proxy in front of a provider that breaks what crosses the wire, one mutation at a time: HTTP
 * answers (status, headers, body) and socket.io traffic (the handshake URL, and each event's name
 * and payload on the websocket). The provider's own code is never touched.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RawData, WebSocket, WebSocketServer } from 'ws';

/** One HTTP answer on its way back, which a mutation changes in place. */
export interface Exchange {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly requestHeaders: IncomingHttpHeaders;
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

export interface Mutation {
  http?(exchange: Exchange): void;
  /** The URL the socket.io client opened (query `token` included), before it reaches the provider. */
  handshake?(url: URL): void;
  /** A socket.io event the provider sent: answers the event name and payload to deliver instead. */
  event?(name: string, payload: unknown): [string, unknown];
}

export interface MutatingProxy {
  readonly url: string;
  close(): Promise<void>;
}

function collect(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.once('error', reject);
  });
}

/** socket.io's event packet on a websocket: `42`, an optional `/namespace,`, an optional ack id, `[name, ...args]`. */
const EVENT_PACKET = /^42((?:\/[^,]*,)?)(\d*)(\[[\s\S]*\])$/;

function mutateFrame(text: string, mutation: Mutation): string {
  const match = mutation.event ? EVENT_PACKET.exec(text) : null;
  if (!match || !mutation.event) return text;
  const [, namespace = '', ack = '', json = '[]'] = match;
  const [name, payload, ...rest] = JSON.parse(json) as [string, unknown, ...unknown[]];
  const [newName, newPayload] = mutation.event(name, payload);
  return `42${namespace}${ack}${JSON.stringify([newName, newPayload, ...rest])}`;
}

/** Relays websocket frames both ways, mutating the provider's event packets. */
function relay(client: WebSocket, upstream: WebSocket, mutation: Mutation): void {
  const pending: { data: RawData; binary: boolean }[] = [];
  client.on('message', (data, binary) => {
    if (upstream.readyState === WebSocket.OPEN) upstream.send(data, { binary });
    else pending.push({ data, binary });
  });
  upstream.once('open', () => {
    for (const frame of pending.splice(0)) upstream.send(frame.data, { binary: frame.binary });
  });
  upstream.on('message', (data, binary) => {
    if (binary) client.send(data, { binary });
    else client.send(mutateFrame(data.toString(), mutation));
  });
  const closeBoth = () => {
    client.terminate();
    upstream.terminate();
  };
  client.once('close', closeBoth);
  upstream.once('close', closeBoth);
  client.once('error', closeBoth);
  upstream.once('error', closeBoth);
}

export async function startMutatingProxy(target: string, mutation: Mutation): Promise<MutatingProxy> {
  const upstream = new URL(target);
  const server: Server = createServer(async (incoming, outgoing) => {
    try {
      const requestBody = await collect(incoming);
      const url = new URL(incoming.url ?? '/', upstream);
      const headers = { ...incoming.headers, host: upstream.host };
      const answer = await new Promise<IncomingMessage>((resolve, reject) => {
        const forwarded = httpRequest(url, { method: incoming.method, headers }, resolve);
        forwarded.once('error', reject);
        forwarded.end(requestBody);
      });
      const exchange: Exchange = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        requestHeaders: incoming.headers,
        status: answer.statusCode ?? 502,
        headers: { ...answer.headers },
        body: await collect(answer),
      };
      mutation.http?.(exchange);
      delete exchange.headers['transfer-encoding'];
      exchange.headers['content-length'] = String(exchange.body.length);
      outgoing.writeHead(exchange.status, exchange.headers);
      outgoing.end(exchange.body);
    } catch (error) {
      outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(`mutating proxy: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (incoming, socket, head) => {
    const url = new URL(incoming.url ?? '/', upstream);
    url.protocol = upstream.protocol === 'https:' ? 'wss:' : 'ws:';
    mutation.handshake?.(url);
    sockets.handleUpgrade(incoming, socket, head, (client) => {
      relay(client, new WebSocket(url), mutation);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const client of sockets.clients) client.terminate();
        sockets.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
