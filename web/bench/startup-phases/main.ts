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
  const userText = await (await fetch('./user.json')).text();
  // The API as the page's start-up meets it, answered at once: user info, the first list, the
  // DAU event; the subscription is left unanswered (404), which start-up reports and goes on.
  const answer = (url: string): Response => {
    const json = (text: string, status = 200) =>
      new Response(text, { status, headers: { 'content-type': 'application/json' } });
    if (url.includes('/accounts/user/info')) return json(userText);
    if (url.includes('/recommendations/')) return json(listText);
    if (url.includes('/analytics/v2/dau')) return json('{"message":"Recorded"}');
    return json('{"message":"Not found"}', 404);
  };
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
    fetch: async (input) => answer(String(input instanceof Request ? input.url : input)),
    tokenStore: new sdk.MemoryTokenStore({ accessToken: 'a', refreshToken: 'r' }),
    locks: null,
  });
  lap('createClient');
  // Start-up as the web app runs it, up to where the first screen can render: the code awaiting
  // user info resumes. The DAU event waits for an idle moment (SDKs without `beforeDau` build it,
  // and read the time zone, before this point).
  const run = sdk.beginStartup(client, {
    beforeDau: () => new Promise<void>((resolve) => requestIdleCallback(() => resolve())),
    onError: () => {},
  });
  await run.user;
  lap('startupToUser');
  await run.done;
  lap('startupRest');
  // The DAU event built alone (its time zone: the page's first use of Intl, unless start-up
  // already read it above).
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
