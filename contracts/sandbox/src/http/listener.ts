/**
 * The HTTP server, listening before anything is built on it: the world's public URL and the
 * realtime server exist before the handlers that use them, so nothing is finished after it is
 * built. Requests and socket handshakes that arrive while the app is still being set up (routes,
 * the --data journal's replay) wait until it is ready.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export class Listener {
  readonly server: Server;
  /** `http://host:port`. */
  url = '';
  port = 0;
  private handler: Handler | undefined;
  private isReady = false;
  private readonly waiting: (() => void)[] = [];

  private constructor() {
    this.server = createServer((request, response) =>
      this.whenReady(() => this.handler?.(request, response)),
    );
  }

  /** A server listening on `host:port` (0 picks a free port). */
  static async open(port: number, host: string): Promise<Listener> {
    const listener = new Listener();
    await new Promise<void>((resolve, reject) => {
      listener.server.once('error', reject);
      listener.server.listen(port, host, () => {
        listener.server.off('error', reject);
        resolve();
      });
    });
    const address = listener.server.address();
    listener.port = typeof address === 'object' && address ? address.port : port;
    const hostForUrl =
      host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
    listener.url = `http://${hostForUrl}:${listener.port}`;
    return listener;
  }

  /** Fastify's `serverFactory`: the app answers this server's requests once it is ready. */
  readonly serverFactory = (handler: Handler): Server => {
    this.handler = handler;
    return this.server;
  };

  /** Runs `work` now if the app is ready, else as soon as it is. */
  whenReady(work: () => void): void {
    if (this.isReady) work();
    else this.waiting.push(work);
  }

  /** The app is set up: waiting requests go on, new ones are answered at once. */
  ready(): void {
    this.isReady = true;
    for (const work of this.waiting.splice(0)) work();
  }

  /** Stops listening and ends every connection, idle or not (a keep-alive client holds them). */
  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}
