/**
 * The fetch of a client whose time limit is longer than undici's own. Node's fetch sends through
 * undici's global Agent, which cuts a request whose headers, or body, take 300 s (its default
 * headersTimeout and bodyTimeout): a `--request-timeout` above that, or 0 (no limit), would not
 * hold. Such a client sends through an Agent of its own with those limits off, so the SDK's limit
 * (through the signal it passes) is the only one. A limit of 300 s or less always fires first, so
 * those clients keep Node's fetch and never load undici (about 0.1 to 0.2 s of start-up).
 */

/** undici's default headersTimeout and bodyTimeout, each. */
export const UNDICI_IDLE_LIMIT_MS = 300_000;

/** The fetch for an attempt limit of `timeoutMs` (0: none); undefined: Node's own will do. */
export async function fetchWithin(timeoutMs: number): Promise<typeof fetch | undefined> {
  if (timeoutMs > 0 && timeoutMs <= UNDICI_IDLE_LIMIT_MS) return undefined;
  const { Agent } = await import('undici');
  const dispatcher = new Agent({ headersTimeout: 0, bodyTimeout: 0 });
  // Node's fetch takes an undici dispatcher (its own `dispatcher` option), so answers stay Node's
  // Response and uploads Node's FormData.
  return (input, init) => fetch(input, { ...init, dispatcher } as RequestInit);
}
