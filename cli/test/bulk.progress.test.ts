/**
 * The progress bar on a terminal, read the way staff see it: the built binary runs on a pty
 * (util-linux `script`), Ctrl-C is typed into it, and what it wrote is played back on a small
 * terminal model. The stop warnings and the summary each stand on a line of their own, whole,
 * and the bar is gone from the screen once the run ends.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BINARY, idsCsv, memberIds, shellQuote, signedInSandbox, waitFor } from './support/cli';

// Slow answers keep rows in flight when Ctrl-C comes, and the bar redrawing after it.
const { box, env, dir } = await signedInSandbox({ latencyMs: { min: 300, max: 600 } });

const WIDTH = 150;

/**
 * The rows a terminal WIDTH columns wide shows after `output`, trailing blanks cut: text, CR, LF,
 * and the controls the CLI and cli-progress write (erase in line, cursor to a column, cursor
 * save/restore, auto-wrap on/off). Colours and other sequences change nothing shown here.
 */
function screen(output: string, width = WIDTH): string[] {
  const rows: string[][] = [[]];
  let row = 0;
  let col = 0;
  let wrap = true;
  let saved = { row: 0, col: 0 };
  const cells = () => {
    rows[row] ??= [];
    return rows[row] as string[];
  };
  for (let i = 0; i < output.length; i++) {
    const char = output[i] ?? '';
    if (char === '\u001b') {
      const csi = /^\[(\??)([\d;]*)([A-Za-z])/.exec(output.slice(i + 1, i + 16));
      if (csi) {
        i += csi[0].length;
        const [, mode, args, command] = csi;
        const n = Number(args || 0);
        if (mode === '?') {
          if (args === '7') wrap = command === 'h';
        } else if (command === 'K') {
          const line = cells();
          if (n === 0) line.length = Math.min(line.length, col);
          else if (n === 1) line.fill(' ', 0, col + 1);
          else rows[row] = [];
        } else if (command === 'G') col = Math.max(0, n - 1);
        continue;
      }
      const next = output[i + 1];
      if (next === '7') saved = { row, col };
      else if (next === '8') ({ row, col } = saved);
      i += 1;
      continue;
    }
    if (char === '\r') col = 0;
    else if (char === '\n') row += 1;
    else {
      if (col >= width) {
        if (wrap) {
          row += 1;
          col = 0;
        } else col = width - 1;
      }
      const line = cells();
      while (line.length < col) line.push(' ');
      line[col] = char;
      col += 1;
    }
  }
  return Array.from(rows, (line) => (line ?? []).join('').trimEnd()).filter((line) => line !== '');
}

/** Runs `bulk suspend` of 100 users on a pty `width` columns wide; `interrupt` types Ctrl-C into it. */
function suspendOnTerminal(name: string, width = WIDTH) {
  const path = idsCsv(dir, `${name}.csv`, memberIds(box, 100));
  const run = [process.execPath, BINARY, 'bulk', 'suspend', '-i', path, '--yes'].map(shellQuote).join(' ');
  const child = spawn('script', ['-qefc', `stty cols ${width} rows 50; ${run}`, '/dev/null'], {
    env: { ...env, TERM: 'xterm' },
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  return {
    output: () => output,
    exited,
    interrupt: () => child.stdin.write('\u0003'),
    /** Waits until the bar shows at least one row done. */
    barShown: () => waitFor(() => /suspend \[[█░]+\] \d+% \| [1-9]\d*\/100/.test(output)),
  };
}

const SUMMARY = /^suspend: \d+ ok, 0 skipped, 0 failed in [\d.]+ s \([\d.]+ rows\/s\), interrupted$/;

describe('the progress bar on a terminal', () => {
  it('Ctrl-C: the warning and the summary each on a whole line of their own, the bar gone', async () => {
    const run = suspendOnTerminal('once');
    await run.barShown();
    run.interrupt();
    expect(await run.exited).toBe(130);
    const shown = screen(run.output());
    expect(shown).toContain(
      'Warning: Stopping: letting the requests in flight finish (Ctrl-C again to abort them)',
    );
    const summary = shown.findIndex((line) => SUMMARY.test(line));
    expect(summary, shown.join('\n')).toBeGreaterThanOrEqual(0);
    expect(shown[summary + 1]).toMatch(
      /^Error: Interrupted: the journal .*once\.suspend\.journal\.ndjson is up to date; run again with --resume to finish$/,
    );
    expect(shown.slice(summary + 2)).toEqual([]);
    // The bar's line was cleared before the summary, and nothing was drawn over the lines said.
    expect(shown.filter((line) => line.includes('suspend ['))).toEqual([]);
    expect(shown.filter((line) => line.includes('^C'))).toEqual([]);
  });

  it('Ctrl-C twice: both warnings whole, the summary clean', async () => {
    const run = suspendOnTerminal('twice');
    await run.barShown();
    run.interrupt();
    await waitFor(() => run.output().includes('Ctrl-C again to abort them)'));
    run.interrupt();
    expect(await run.exited).toBe(130);
    const shown = screen(run.output());
    const stopping = shown.indexOf(
      'Warning: Stopping: letting the requests in flight finish (Ctrl-C again to abort them)',
    );
    const aborting = shown.indexOf('Warning: Aborting the requests in flight');
    const summary = shown.findIndex((line) => SUMMARY.test(line));
    expect(
      [stopping, aborting, summary].every((at) => at >= 0),
      shown.join('\n'),
    ).toBe(true);
    expect(stopping).toBeLessThan(aborting);
    expect(aborting).toBeLessThan(summary);
    expect(shown[summary + 1]).toMatch(/^Error: Interrupted(, \d+ aborted in flight)?: the journal /);
    expect(shown.filter((line) => line.includes('suspend ['))).toEqual([]);
  });

  it('on a 70-column terminal the ETA of a 2,000-row run stays on the line of the bar, which fits it', async () => {
    // Rows beyond the sandbox's members name nobody: they fail, and count like any others.
    const ids = [...memberIds(box, 100), ...Array.from({ length: 1_900 }, () => randomUUID())];
    const path = idsCsv(dir, 'narrow.csv', ids);
    const run = [process.execPath, BINARY, 'bulk', 'deactivate', '-i', path, '--yes', '-c', '16']
      .map(shellQuote)
      .join(' ');
    const child = spawn('script', ['-qefc', `stty cols 70 rows 50; ${run}`, '/dev/null'], {
      env: { ...env, TERM: 'xterm' },
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
    // Once 100 rows are done: the counts have grown to the widths that pushed the ETA out.
    const barLine = () =>
      screen(output, 70).findLast((line) => /^deactivate (\[[█░]+\] )?\d+% [1-9]\d{2,}\/2000 /.test(line));
    await waitFor(() => barLine() !== undefined);
    const line = barLine() ?? '';
    child.stdin.write('\u0003');
    expect(await exited).toBe(130);
    expect(line).toMatch(/ ETA \S+$/);
    expect(line).toMatch(/ ok \d+ failed \d+ /);
    expect(line.length).toBeLessThanOrEqual(70);
  });
});
