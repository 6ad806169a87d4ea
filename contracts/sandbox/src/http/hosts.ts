/**
 * DNS rebinding guard. A page on a foreign site can point its own host name at 127.0.0.1 and then
 * talk to the sandbox as a same-origin page: the browser sends `Host: evil.example` and
 * `Origin: http://evil.example`, and the sandbox would take that origin for its own. So every
 * request (sockets included) must name a host the sandbox was started for: a loopback name, an IP
 * address (a rebinding attack needs a host name), `--host`, or the `--web-url` host. Anything else
 * answers 421 before any other step runs.
 */
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { isReplayRequest } from '../state/recording';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1'];

/** The host name of a `Host` header (`name:port`, `[v6]:port`), lower-cased, or undefined. */
export function hostName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const text = header.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) return bracketed[1];
  const plain = /^([^:]+)(?::\d+)?$/.exec(text);
  return plain?.[1]?.replace(/\.$/, '');
}

export class HostGuard {
  private readonly names: ReadonlySet<string>;

  constructor(options: { host: string; webAppUrl: string | undefined }) {
    const names = new Set(LOOPBACK_NAMES);
    const bound = hostName(
      options.host.includes(':') && !options.host.startsWith('[') ? `[${options.host}]` : options.host,
    );
    if (bound) names.add(bound);
    // Bound to every interface: the machine's own name reaches it too (other devices on the LAN).
    if (bound === '0.0.0.0' || bound === '::') names.add(hostname().toLowerCase());
    if (options.webAppUrl) {
      try {
        names.add(hostName(new URL(options.webAppUrl).host) ?? '');
      } catch {
        // An unparsable --web-url is refused where the options are read.
      }
    }
    names.delete('');
    this.names = names;
  }

  allows(header: string | undefined): boolean {
    const name = hostName(header);
    if (name === undefined) return false;
    return this.names.has(name) || name.endsWith('.localhost') || isIP(name) !== 0;
  }

  install(app: FastifyInstance): void {
    app.addHook('onRequest', (request, reply, done) => {
      if (this.allows(request.headers.host) || isReplayRequest(request.headers)) {
        done();
        return;
      }
      reply.code(421).send({
        message: `Host ${request.headers.host ?? '(none)'} is not served here: use a loopback address, or start the sandbox with --host or --web-url naming it`,
      });
    });
  }
}
