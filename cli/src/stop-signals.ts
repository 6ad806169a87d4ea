/**
 * Ctrl-C and SIGTERM for work that must end tidily rather than die: a download that leaves a temp
 * file, a list whose printed output must be closed. Bulk runs have their own two-step stop
 * (`RunControl`: the first signal stops taking rows, the second aborts those in flight).
 */

/**
 * Runs `work` with a signal that the first Ctrl-C or SIGTERM aborts (its reason is the signal's
 * name); while it runs those signals do not end the process, so `work` says what was left and
 * exits 130. The handlers are removed when it ends.
 */
export async function stoppableBySignals<T>(work: (stop: AbortSignal) => Promise<T>): Promise<T> {
  const stop = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => stop.abort(signal);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await work(stop.signal);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/**
 * Settles as `pending` does, or with `aborted()` (its value, or what it throws) as soon as
 * `signal` is aborted. It listens on `signal` only while `pending` is pending: racing many
 * promises against one long-lived promise of the abort would keep each of them (and what it
 * settled with) reachable until the abort.
 */
export function unlessAborted<T, S>(
  pending: Promise<T>,
  signal: AbortSignal,
  aborted: () => S,
): Promise<T | S> {
  return new Promise<T | S>((resolve, reject) => {
    const onAbort = () => {
      try {
        resolve(aborted());
      } catch (error) {
        reject(error);
      }
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    pending.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
