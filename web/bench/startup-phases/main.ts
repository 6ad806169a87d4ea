/**
 * The page of `bench/startup-phases.ts`: the SDK's share of a member page's main thread before
 * its first screen, phase by phase, as the web app pays it (each import is its own chunk, as in
 * the app's build). The driver serves `list.json` (the first page of member1's recommendations
 * as the sandbox answers it) and reads `window.__phases` when it is set.
 */
// First, as in the app's main.tsx: zod without eval (the strict CSP forbids it), set before any schema is built.
import '../../src/lib/strict-csp';

declare global {
  interface Window {
    __phases?: Record<string, number> | { error: string };
  }
}

async function phases(): Promise<Record<string, number>> {
  const listText = await (await fetch('./list.json')).text();
  const times: Record<string, number> = {};
  let last = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    times[name] = now - last;
    last = now;
  };

  // What the web's client-factory chunk runs: the SDK's root (zod's modules and every schema the
  // root's catalogue builds) and one client.
  const sdk = await import('@matchmaker/sdk');
  lap('sdkImport');
  const client = sdk.createClient({
    baseURL: location.origin,
    fetch: async () =>
      new Response(listText, { status: 200, headers: { 'content-type': 'application/json' } }),
    tokenStore: new sdk.MemoryTokenStore({ accessToken: 'a', refreshToken: 'r' }),
    locks: null,
  });
  lap('createClient');
  // The DAU event as start-up builds it (its time zone is the page's first use of Intl).
  sdk.buildDauEvent();
  lap('dauEvent');
  // The first list through the client: JSON read, the zod check and the unknown-field scan.
  await client.recommendations.list({ page: 1 });
  lap('listCall');
  await client.recommendations.list({ page: 1 });
  lap('listCallAgain');
  // The whole public catalogue (`@matchmaker/sdk/schemas`): what a consumer of it pays on top.
  const schemas = await import('@matchmaker/sdk/schemas');
  void schemas.endpointList.length;
  lap('schemasEntry');
  return times;
}

phases().then(
  (times) => {
    window.__phases = times;
  },
  (error: unknown) => {
    window.__phases = { error: String(error instanceof Error ? (error.stack ?? error.message) : error) };
  },
);
