/** What the chat tests use to cut a page's realtime connection the way a network would. */

/**
 * Engine.io's open packet for a socket that the test closes right after: the client sees a
 * transport that opened and dropped, and retries as after any lost connection (not a refusal).
 */
export const ENGINE_OPEN = `0${JSON.stringify({ sid: 'dropped', upgrades: [], pingInterval: 25_000, pingTimeout: 20_000, maxPayload: 1_000_000 })}`;
