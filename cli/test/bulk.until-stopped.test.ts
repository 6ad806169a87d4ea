/**
 * The run reads its rows through `untilStopped`, which lets a signal end the wait for a row that
 * may never come. A run is long (millions of rows) and its stop signal lives as long as it: no
 * row may stay reachable from that signal, or from anything waiting on it, once it is handed on.
 */
import { getEventListeners } from 'node:events';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { untilStopped } from '../src/bulk/until-stopped';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

async function* rowsOf(
  count: number,
  made: WeakRef<object>[],
): AsyncGenerator<{ line: number; text: string }> {
  for (let line = 1; line <= count; line += 1) {
    const row = { line, text: `row ${line} `.repeat(20) };
    if (line <= 100) made.push(new WeakRef(row));
    yield row;
  }
}

describe('untilStopped', () => {
  it('keeps no row it has handed on: the first rows of a long run are collected while it goes on', async () => {
    const made: WeakRef<object>[] = [];
    const stop = new AbortController();
    let seen = 0;
    for await (const row of untilStopped(rowsOf(20_000, made), stop.signal)) {
      seen += row.line > 0 ? 1 : 0;
      if (seen === 19_000) {
        // Let the promises of the rows handed on settle, then collect.
        await new Promise((resolve) => setImmediate(resolve));
        gc();
        expect(made.filter((ref) => ref.deref() !== undefined)).toHaveLength(0);
        expect(getEventListeners(stop.signal, 'abort').length).toBeLessThanOrEqual(1);
      }
    }
    expect(seen).toBe(20_000);
  });

  it('a stop ends the wait for a row that never comes, and holds no listener after', async () => {
    const stop = new AbortController();
    async function* quiet(): AsyncGenerator<number> {
      yield 1;
      await new Promise(() => {});
    }
    const got: number[] = [];
    const done = (async () => {
      for await (const value of untilStopped(quiet(), stop.signal)) got.push(value);
    })();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(1);
    stop.abort();
    await done;
    expect(got).toEqual([1]);
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
  });
});
