/** The CLI's flags (node:util parseArgs) and their usage text, apart from cli.ts so tests can import them. */
import { parseArgs } from 'node:util';
import { DEFAULT_SEED, parseDuration, parseLatency, parseRate, type SandboxOptions } from './options';

export const USAGE = `Usage: matchmaker-sandbox [options]

  --port N            port to listen on (default 8080, 0 for a free port)
  --host HOST         interface to bind (default 127.0.0.1)
  --data FILE         keep the state in FILE (loaded on start, written after changes)
  --access-ttl T      access-token lifetime, e.g. 10s, 15m (default 15m)
  --refresh-reuse T   a spent refresh token is honoured again for T while its
                      replacement is unused (default 10s; 0 or off: never)
  --fail-rate R       share of API requests answered with a random 5xx, 0 to 1
  --latency MS        added latency per API request, e.g. 100 or 50-200
  --rate-limit N      answer 429 with Retry-After past N API requests per second
  --fault-prefix P    faults only for paths starting with P (default /api)
  --web DIR           serve the web app build in DIR from / (its routes.json and headers.json: 404s, CSP, caching)
  --seed N            seed of the generated data (default ${DEFAULT_SEED})
  --web-url URL       base URL of email links (default: the sandbox URL)
  --pact-states       serve POST /_pact/state for Pact verification (off: it hands out tokens)
  --log               log every request
  -h, --help          show this help
`;

export function parseCli(argv: string[]): SandboxOptions | 'help' {
  const { values } = parseArgs({
    // `pnpm sandbox -- --port 0` passes the separator through; only a leading one is dropped.
    args: argv[0] === '--' ? argv.slice(1) : argv,
    allowPositionals: false,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      data: { type: 'string' },
      'access-ttl': { type: 'string' },
      'refresh-reuse': { type: 'string' },
      'fail-rate': { type: 'string' },
      latency: { type: 'string' },
      'rate-limit': { type: 'string' },
      'fault-prefix': { type: 'string' },
      web: { type: 'string' },
      seed: { type: 'string' },
      'web-url': { type: 'string' },
      log: { type: 'boolean' },
      'pact-states': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  const port = values.port ?? (process.env.PORT || '8080');
  if (!/^\d+$/.test(port) || Number(port) > 65_535) throw new Error(`Invalid port '${port}'`);
  const options: SandboxOptions = { port: Number(port), host: values.host ?? '127.0.0.1' };
  if (values.data) options.dataFile = values.data;
  if (values['access-ttl']) options.accessTtlMs = parseDuration(values['access-ttl']);
  const reuse = values['refresh-reuse'];
  if (reuse !== undefined)
    options.refreshReuseMs = /^\s*(off|0+(ms|s|m|h)?)\s*$/i.test(reuse) ? 0 : parseDuration(reuse);
  if (values['fail-rate']) options.failRate = parseRate(values['fail-rate']);
  if (values.latency) options.latencyMs = parseLatency(values.latency);
  if (values['rate-limit']) {
    if (!/^\d+$/.test(values['rate-limit']) || Number(values['rate-limit']) < 1) {
      throw new Error(`Invalid rate limit '${values['rate-limit']}' (requests per second, at least 1)`);
    }
    options.rateLimit = Number(values['rate-limit']);
  }
  if (values['fault-prefix']) options.faultPrefix = values['fault-prefix'];
  if (values.web) options.webDir = values.web;
  if (values['web-url']) options.webAppUrl = values['web-url'];
  if (values.log) options.logRequests = true;
  if (values['pact-states']) options.pactStates = true;
  if (values.seed) {
    if (!/^\d+$/.test(values.seed)) throw new Error(`Invalid seed '${values.seed}'`);
    options.seed = Number(values.seed);
  }
  return options;
}
