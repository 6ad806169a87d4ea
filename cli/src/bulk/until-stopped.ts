import { unlessAborted } from '../stop-signals';

/**
 * The rows of `rows` until `stop`: a stop also ends the wait for the next row, which may never
 * come (a producer on stdin that hangs, or keeps its end open and quiet), so a signal always ends
 * the run. The reader is not waited for then: it is left to end with the process.
 *
 * Each wait listens on `stop` only while it waits. Racing every row against one promise that
 * settles at the stop would add a reaction to that promise per row, each holding its row, for as
 * long as the run lasts (a million-row run kept every row it had sent).
 */
export async function* untilStopped<T>(rows: AsyncGenerator<T>, stop: AbortSignal): AsyncGenerator<T> {
  let done = false;
  try {
    for (;;) {
      const next = await unlessAborted(rows.next(), stop, () => 'stopped' as const);
      if (next === 'stopped') return;
      if (next.done === true) {
        done = true;
        return;
      }
      yield next.value;
    }
  } finally {
    // Ends a reader that stopped at a row (closing its file); one still waiting for a row ends
    // when that wait does, if ever: the run does not wait for it.
    if (!done) void rows.return(undefined).catch(() => {});
  }
}
