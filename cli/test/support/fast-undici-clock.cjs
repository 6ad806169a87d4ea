// Preloaded (NODE_OPTIONS=--require) into the built binary by tests: undici's clock for its own
// time limits (headers, body) moves about 500 times as fast as real time. undici (Node's own and
// the package alike) moves that clock on by 499 ms on every firing of one timer set for 499 ms;
// here that timer fires after 1 ms, so its 300 s limits pass in well under a second. Every other
// timer (the SDK's time limit, retry delays) keeps real time.
const setTimeoutReal = globalThis.setTimeout;
const UNDICI_TICK_MS = 499;
globalThis.setTimeout = function setTimeout(callback, delay, ...rest) {
  return setTimeoutReal.call(this, callback, delay === UNDICI_TICK_MS ? 1 : delay, ...rest);
};
