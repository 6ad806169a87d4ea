/**
 * A signed-in page's SDK client, fetched beside the main bundle instead of after it (issue 24).
 *
 * A member or admin page cannot ask for user info until the client chunk (the SDK's client and
 * schemas, about 50 KB gzip) has loaded, and the main bundle asks for it only once it has run:
 * on Lighthouse's simulated phone that chain was the main bundle (about 1.5 s) and then the
 * client (about 0.85 s more on its 1.6 Mbps line). index.html cannot preload the client for
 * everyone (a visitor of the public pages never needs it), and the policy allows no inline
 * script, so the build writes a tiny script of its own (`assets/signed-in-preload-HASH.js`,
 * loaded `async` beside the main bundle): on a member or admin path, with the access cookie
 * there, it adds a `<link rel="modulepreload" data-preload="signed-in">` for each of the client's
 * chunks. The paths, the cookie's name and the chunks come from the app's route data, the SDK and
 * Vite's manifest, never restated. A visitor downloads the few hundred bytes of the script and
 * nothing else.
 *
 * It also sends the first screen's calls (src/config/early-requests.ts) with the session's token,
 * and leaves them for the app's client to take (src/lib/early-fetch.ts): user info and the page's
 * first list then travel beside the main bundle instead of after it and the client. What each call
 * sends is recorded at build time from the SDK's own client (`recordEarlyCalls`).
 *
 * It is loaded `defer`, before the main bundle: deferred scripts run in document order once the
 * page has parsed, so the links and the calls are always there before the app asks for them (an
 * `async` script sometimes ran after the main bundle had asked for the client itself).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { createClient, MemoryTokenStore } from '@matchmaker/sdk';
import { minifySync } from 'vite';
import type { EarlyCall, EarlyOn } from '../../src/config/early-requests';

/** The part of Vite's manifest (`build.manifest`) read here. */
interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export interface PreloadInputs {
  /** The build's output folder (dist), holding index.html and `.vite/manifest.json`. */
  readonly outDir: string;
  /** Vite's `base` ('/' unless deployed under a path). */
  readonly base: string;
  readonly assetsDir: string;
  /** Path prefixes of the member and admin areas (route-patterns.ts's `privateAreaPaths`). */
  readonly areas: readonly string[];
  /** The access token's cookie (the SDK's `ACCESS_COOKIE_NAME`). */
  readonly cookieName: string;
  /** The calls to send early, as `recordEarlyCalls` recorded them. */
  readonly calls: readonly RecordedCall[];
  /** Where the API is, as VITE_API_BASE gives it (a URL or a path, with `{origin}`-style parts). */
  readonly apiBase: string;
  /** The global the calls are left in (early-requests.ts's EARLY_GLOBAL). */
  readonly global: string;
}

/** What the SDK sends for one early call, with the token and the page's parameters left out. */
export interface RecordedCall {
  readonly on: EarlyOn;
  /** Sent only for an address without a query (EarlyCall's `onlyWithoutQuery`). */
  readonly onlyWithoutQuery: boolean;
  readonly method: string;
  /** The address after the API's base, with PARAM_MARK + name where a page parameter goes. */
  readonly path: string;
  /** Every header, with TOKEN_MARK where the access token goes. */
  readonly headers: readonly (readonly [string, string])[];
  /** The body as the SDK writes it ('' for none); it never holds a page parameter. */
  readonly body: string;
}

/** Stand-ins the recording client is given for the token and a page's parameters (URL-safe). */
export const TOKEN_MARK = 'EarlyTokenMark';
export const PARAM_MARK = 'EarlyParamMark';
const RECORDING_BASE = 'https://early.invalid';

interface SdkForRecording {
  createClient: typeof createClient;
  MemoryTokenStore: typeof MemoryTokenStore;
}

/** The `:name` parameters of an early call's page patterns. */
function paramsOf(on: EarlyOn): string[] {
  if (on === 'signed-in') return [];
  return [...new Set(on.flatMap((pattern) => pattern.split('/').filter((part) => part.startsWith(':'))))].map(
    (part) => part.slice(1),
  );
}

/**
 * Makes each early call on an SDK client whose fetch records the request and refuses it (a 400,
 * which the SDK neither retries nor refreshes): the method, the address and the headers the app's
 * client will send for the same call. A call that sends no request, or more than one, or to
 * another address than the API's, is a mistake in early-requests.ts, and the build says so.
 */
export async function recordEarlyCalls(
  sdk: SdkForRecording,
  calls: readonly EarlyCall[],
): Promise<RecordedCall[]> {
  const recorded: RecordedCall[] = [];
  for (const [index, early] of calls.entries()) {
    const sent: { url: string; init: RequestInit | undefined }[] = [];
    const client = sdk.createClient({
      baseURL: RECORDING_BASE,
      tokenStore: new sdk.MemoryTokenStore({ accessToken: TOKEN_MARK, refreshToken: '' }),
      fetch: async (input, init) => {
        sent.push({ url: input instanceof Request ? input.url : String(input), init });
        return new Response('{}', { status: 400, headers: { 'content-type': 'application/json' } });
      },
    });
    const params = Object.fromEntries(paramsOf(early.on).map((name) => [name, `${PARAM_MARK}${name}`]));
    await early.call(client, params).catch(() => undefined);
    const where = `src/config/early-requests.ts, EARLY_CALLS[${index}]`;
    const [request] = sent;
    if (sent.length !== 1 || !request)
      throw new Error(`${where}: the call sent ${sent.length} requests; an early call must send exactly one`);
    if (!request.url.startsWith(`${RECORDING_BASE}/`))
      throw new Error(`${where}: the call went to ${request.url}, not to the API`);
    const body = request.init?.body ?? '';
    if (typeof body !== 'string')
      throw new Error(`${where}: the call sent a body that is not text; an early call's body must be`);
    const inBody = Object.keys(params).find((name) => body.includes(`${PARAM_MARK}${name}`));
    if (inBody !== undefined)
      throw new Error(`${where}: the call's body holds the page parameter '${inBody}'; only its address may`);
    const headers = [...new Headers(request.init?.headers).entries()] as [string, string][];
    recorded.push({
      on: early.on,
      onlyWithoutQuery: early.onlyWithoutQuery === true,
      method: (request.init?.method ?? 'GET').toUpperCase(),
      path: request.url.slice(RECORDING_BASE.length),
      headers,
      body,
    });
  }
  return recorded;
}

/** The files of the client chunk and what it imports, minus the main bundle's own. */
function clientFiles(manifest: Manifest): string[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const clientKey = Object.keys(manifest).find((key) => manifest[key]?.name === 'client');
  if (!entryKey || !clientKey)
    throw new Error(
      `signed-in preload: the manifest has no ${entryKey ? "'client' chunk (web/scripts/chunk-groups.ts names it)" : 'entry'}`,
    );
  const loaded = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key)) return;
    into.add(key);
    for (const next of manifest[key]?.imports ?? []) walk(next, into);
  };
  walk(entryKey, loaded);
  const wanted = new Set<string>();
  walk(clientKey, wanted);
  return [...wanted].filter((key) => !loaded.has(key)).map((key) => manifest[key]?.file ?? key);
}

/** The script's text: plain ES2015, no module, no inline anything. */
function scriptText(inputs: PreloadInputs, files: readonly string[]): string {
  const { areas, cookieName, calls, apiBase, global } = inputs;
  return `/* Generated by web/scripts/serving/signed-in-preload.ts: a signed-in page's client, fetched beside the main bundle, and its first calls. */
(function () {
  var areas = ${JSON.stringify(areas.map((area) => area.toLowerCase()))};
  var files = ${JSON.stringify(files)};
  var calls = ${JSON.stringify(calls)};
  var path = location.pathname.toLowerCase();
  var inArea = areas.some(function (area) { return path === area || path.indexOf(area + '/') === 0; });
  var token = null;
  document.cookie.split(';').some(function (part) {
    var eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== ${JSON.stringify(cookieName)}) return false;
    var raw = part.slice(eq + 1).trim();
    try { token = decodeURIComponent(raw); } catch (error) { token = raw; }
    return true;
  });
  if (!inArea || !token) return;
  files.forEach(function (href) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.setAttribute('data-preload', 'signed-in');
    link.href = href;
    document.head.appendChild(link);
  });
  if (typeof AbortController !== 'function' || typeof fetch !== 'function') return;
  // The API's base as the app's configuration makes it (src/config/env.ts): filled, absolute, no trailing slash.
  var base = ${JSON.stringify(apiBase)}.split('{origin}').join(location.origin)
    .split('{protocol}').join(location.protocol).split('{host}').join(location.host);
  if (base.charAt(0) === '/') base = location.origin + base;
  base = base.replace(/\\/+$/, '');
  var segments = location.pathname.split('/').filter(function (part) { return part !== ''; });
  function match(pattern) {
    var parts = pattern.split('/').filter(function (part) { return part !== ''; });
    if (parts.length !== segments.length) return null;
    var params = {};
    for (var i = 0; i < parts.length; i++) {
      if (parts[i].charAt(0) === ':') {
        var value;
        try { value = decodeURIComponent(segments[i]); } catch (error) { return null; }
        if (value === '' || value === '.' || value === '..') return null;
        params[parts[i].slice(1)] = value;
      } else if (parts[i].toLowerCase() !== segments[i].toLowerCase()) return null;
    }
    return params;
  }
  var sent = [];
  var hasQuery = location.search.length > 1;
  calls.forEach(function (call) {
    if (call.onlyWithoutQuery && hasQuery) return;
    var params = call.on === 'signed-in' ? {} : null;
    for (var i = 0; params === null && i < call.on.length; i++) params = match(call.on[i]);
    if (params === null) return;
    var url = base + call.path.replace(/${PARAM_MARK}(\\w+)/g, function (mark, name) {
      return encodeURIComponent(params[name]);
    });
    var headers = {};
    var authorization = '';
    call.headers.forEach(function (header) {
      headers[header[0]] = header[1].split(${JSON.stringify(TOKEN_MARK)}).join(token);
      if (header[0].toLowerCase() === 'authorization') authorization = headers[header[0]];
    });
    var controller = new AbortController();
    var init = { method: call.method, headers: headers, signal: controller.signal };
    if (call.body) init.body = call.body;
    var response = fetch(url, init);
    // Taken by the app, which sees its failure; one never taken fails quietly.
    response.catch(function () {});
    sent.push({
      method: call.method,
      url: url,
      authorization: authorization,
      body: call.body,
      sentAt: performance.now(),
      response: response,
      abort: function (reason) { controller.abort(reason); }
    });
  });
  window[${JSON.stringify(global)}] = sent;
})();
`;
}

/**
 * Writes the script into the assets folder and loads it from index.html, before the main bundle.
 * Returns the script's file (relative to outDir), the chunks it preloads and how many calls it knows.
 */
export function writeSignedInPreload(inputs: PreloadInputs): {
  file: string;
  preloads: string[];
  calls: number;
} {
  const { outDir, base, assetsDir } = inputs;
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const preloads = clientFiles(manifest);
  // Every page loads it, a visitor's too: minified, it is about 0.45 KB gzip less.
  const minified = minifySync(
    'signed-in-preload.js',
    scriptText(
      inputs,
      preloads.map((file) => `${base}${file}`),
    ),
    {
      compress: true,
      mangle: true,
    },
  );
  if (minified.errors.length > 0)
    throw new Error(`signed-in preload: the script does not parse: ${JSON.stringify(minified.errors[0])}`);
  const text = minified.code;
  const hash = createHash('sha256').update(text).digest('base64url').slice(0, 8);
  const file = `${assetsDir}/signed-in-preload-${hash}.js`;
  writeFileSync(join(outDir, file), text);
  const indexPath = join(outDir, 'index.html');
  const html = readFileSync(indexPath, 'utf8');
  const entry = html.indexOf('<script type="module"');
  if (entry < 0) throw new Error('signed-in preload: index.html has no module script to load it before');
  const tag = `<script defer src="${base}${file}"></script>\n    `;
  writeFileSync(indexPath, html.slice(0, entry) + tag + html.slice(entry));
  return { file, preloads, calls: inputs.calls.length };
}
