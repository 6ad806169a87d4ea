/**
 * The built binary with pipes around it: the plain progress line on a stderr that is not a
 * terminal, and an input on stdin that breaks in the middle of the run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Socket, connect as tcpConnect } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINARY, memberIds, signedInSandbox, spawnCli, spawnResult, statusIn, waitFor } from './support/cli';
import { entries } from './support/journal';

const { box, env, dir } = await signedInSandbox({ latencyMs: { min: 15, max: 30 } });

const statusOf = statusIn(box);
const PROGRESS = /^confirm: (\d+)\/(\d+) rows \(ok (\d+), failed (\d+), skipped (\d+)\), ([\d.]+) rows\/s$/;

/** `bulk confirm` of `count` members from the file `name`, with a progress line every 100 ms. */
function confirmWithProgress(name: string, count: number, options: string[]) {
  const path = join(dir, name);
  writeFileSync(path, `id\n${memberIds(box, count).join('\n')}\n`);
  return spawnResult(['bulk', 'confirm', '-i', path, ...options], {
    env: { ...env, MATCHMAKER_PROGRESS_INTERVAL_MS: '100' },
  });
}

describe('progress when stderr is not a terminal', () => {
  it('prints a plain line every interval (MATCHMAKER_PROGRESS_INTERVAL_MS, tests only), then the summary', async () => {
    const result = await confirmWithProgress('slow.csv', 60, ['-c', '2']);
    expect(result.code).toBe(0);
    expect(result.stderr.includes('\u001b')).toBe(false);
    const lines = result.stderr.split('\n').filter((line) => /^confirm: \d+\/\d+ rows/.test(line));
    // 60 rows two at a time at 15-30 ms each take about a second: several lines, each well formed.
    expect(lines.length).toBeGreaterThanOrEqual(3);
    const done = lines.map((line) => {
      const match = PROGRESS.exec(line);
      expect(match, line).not.toBeNull();
      expect(match?.[2]).toBe('60');
      return Number(match?.[1]);
    });
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(done.at(-1)).toBeLessThanOrEqual(60);
    expect(result.stderr).toMatch(/confirm: 60 ok, 0 skipped, 0 failed in [\d.]+ s/);
  });

  it('gives a slow run its rate, not "0 rows/s" (under one row a second)', async () => {
    // At 0.4 a second the second row goes 2.5 s after the first: from 2 s on, 1 row done in over
    // 2 s is under 0.5 a second, which was rounded to 0.
    const result = await confirmWithProgress('slow-rate.csv', 2, ['--rate', '0.4']);
    expect(result.code).toBe(0);
    const rates = result.stderr
      .split('\n')
      .map((line) => PROGRESS.exec(line))
      .filter((match) => match !== null && Number(match[3]) + Number(match[4]) > 0)
      .map((match) => Number(match?.[6]));
    expect(rates.length).toBeGreaterThanOrEqual(10);
    expect(rates.filter((rate) => rate === 0)).toEqual([]);
    expect(Math.min(...rates)).toBeLessThan(0.5);
  });

  it('rejects a nonsense interval before sending anything', async () => {
    const result = await spawnResult(['bulk', 'confirm', '-i', join(dir, 'slow.csv')], {
      env: { ...env, MATCHMAKER_PROGRESS_INTERVAL_MS: 'soon' },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/MATCHMAKER_PROGRESS_INTERVAL_MS must be a whole number/);
  });
});

describe('stdin that breaks mid-run', () => {
  it('ends with a clear error and exit 1, journals what was applied, sends nothing of the cut row; --resume finishes', async () => {
    const ids = memberIds(box, 30).filter((id) => statusOf(id) === 'active');
    const sent = ids.slice(0, 12);
    const cut = ids[12] ?? '';
    // stdin is a TCP connection whose far end sends 12 rows and half of the 13th, then resets it:
    // the CLI's stdin fails with ECONNRESET, as it would behind `ssh host cat file |` or a socket.
    let far: Socket | undefined;
    const server = createServer((socket) => {
      far = socket;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const near = tcpConnect(port, '127.0.0.1');
    await new Promise<void>((resolve) => near.once('connect', resolve));
    near.pause();
    const journal = join(dir, 'broken.journal.ndjson');
    const child = spawn(
      process.execPath,
      [BINARY, 'bulk', 'deactivate', '-i', '-', '--format', 'csv', '--yes', '-c', '4', '--journal', journal],
      { env: { ...env, MATCHMAKER_PROGRESS_INTERVAL_MS: '50' }, stdio: [near, 'pipe', 'pipe'], cwd: dir },
    );
    // The child holds its own copy of the connection; this process must not read from it.
    near.destroy();
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout?.resume();
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    try {
      await waitFor(() => far !== undefined, 5_000);
      far?.write(`id\n${sent.join('\n')}\n${cut.slice(0, 18)}`);
      await waitFor(() => sent.every((id) => statusOf(id) === 'deactivated'), 15_000);
      // Its answers are in; give the journal's write a moment, then break the input.
      await new Promise((resolve) => setTimeout(resolve, 100));
      far?.resetAndDestroy();
      expect(await exited).toBe(1);
    } finally {
      child.kill('SIGKILL');
      server.close();
    }
    expect(stderr).toMatch(/Reading stdin failed after line 13: .*ECONNRESET/);
    expect(stderr).toMatch(/Nothing after line 13 was sent: feed the whole input again with --resume/);
    expect(stderr).toMatch(/deactivate: 12 ok, 0 skipped, 0 failed/);
    expect(statusOf(cut)).toBe('active');
    const recorded = entries(journal);
    expect(recorded.map((entry) => entry.line).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 2),
    );
    expect(recorded.every((entry) => entry.status === 'ok')).toBe(true);

    // The whole input again, resumed: the rest is applied, nothing twice.
    const rest = ids.slice(12);
    const again = await spawnResult(
      ['bulk', 'deactivate', '-i', '-', '--format', 'csv', '--yes', '--journal', journal, '--resume'],
      { env, stdin: `id\n${ids.join('\n')}\n`, cwd: dir },
    );
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(new RegExp(`deactivate: ${rest.length} ok, 12 skipped, 0 failed`));
    expect(ids.every((id) => statusOf(id) === 'deactivated')).toBe(true);
    const lines = entries(journal).map((entry) => entry.line);
    expect(new Set(lines).size).toBe(lines.length);
    expect(lines).toHaveLength(ids.length);
  });
});

describe('a pipe that ends inside a row', () => {
  const emailOf = (id: string) => box.world.store.data.users[id]?.email;
  /** `bulk set-email` of a CSV on stdin, with its own journal and failures file named `name`. */
  const setEmails = (name: string, stdin: string) =>
    spawnResult(
      [
        ...'bulk set-email -i - --format csv --yes'.split(' '),
        '--journal',
        join(dir, `${name}.journal.ndjson`),
      ].concat(['--failures', join(dir, `${name}.failures.csv`)]),
      { env, stdin, cwd: dir },
    );

  it('fails the last row instead of sending what may be half of it (a producer killed mid-line)', async () => {
    const [first, cut] = memberIds(box, 2);
    const before = emailOf(cut ?? '');
    // The writer died after "ada.lovelace@example.co" of ".com": still a valid email.
    const result = await setEmails(
      'cut',
      `id,email\n${first},grace.hopper@example.com\n${cut},ada.lovelace@example.co`,
    );
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/set-email: 1 ok, 0 skipped, 1 failed/);
    expect(emailOf(first ?? '')).toBe('grace.hopper@example.com');
    expect(emailOf(cut ?? '')).toBe(before);
    const failures = readFileSync(join(dir, 'cut.failures.csv'), 'utf8').trim().split('\n');
    expect(failures).toHaveLength(2);
    expect(failures[1]).toMatch(
      new RegExp(
        `^${cut},ada.lovelace@example.co,"?the input ended inside this row, with no line break after it`,
      ),
    );
  });

  it('sends the last row of a pipe that ends with a line break, and of a file without one', async () => {
    const [piped, filed] = memberIds(box, 2);
    const fromPipe = await setEmails('piped', `id,email\n${piped},piped@example.com\r\n`);
    expect(fromPipe.code).toBe(0);
    expect(emailOf(piped ?? '')).toBe('piped@example.com');
    const path = join(dir, 'no-final-break.csv');
    writeFileSync(path, `id,email\n${filed},filed@example.com`);
    const fromFile = await spawnResult(['bulk', 'set-email', '-i', path, '--yes'], { env, cwd: dir });
    expect(fromFile.code).toBe(0);
    expect(emailOf(filed ?? '')).toBe('filed@example.com');
  });
});

describe('stdin that turns out not to be valid CSV after some rows', () => {
  it('ends like a broken input: the summary, exit 1, the rows before it journaled, --resume to finish', async () => {
    const [a, b] = memberIds(box, 2);
    const journal = join(dir, 'unclosed.journal.ndjson');
    const result = await spawnResult(
      ['bulk', 'deactivate', '-i', '-', '--format', 'csv', '--yes', '--journal', journal],
      { env, stdin: `id\n${a}\n${b}\n"never closed\n`, cwd: dir },
    );
    expect(result.stderr).toContain('deactivate: 2 ok, 0 skipped, 0 failed');
    expect(result.stderr).toContain(
      'Reading stdin failed after line 3: stdin is not valid CSV: a quote opens on line 4 and is never closed',
    );
    expect(result.stderr).toContain(
      `the rows before it are in the journal ${journal}. Nothing after line 3 was sent`,
    );
    expect(result.code).toBe(1);
    expect([statusOf(a ?? ''), statusOf(b ?? '')]).toEqual(['deactivated', 'deactivated']);
    // Journaled as each finished, in either order.
    expect(
      entries(journal)
        .map((entry) => entry.line)
        .sort((x, y) => x - y),
    ).toEqual([2, 3]);
  });
});

/** The exit code of a spawned run, or 'hung' (and the run killed) when it has not ended within `ms`. */
async function exitWithin(child: ChildProcess, exited: Promise<number | null>, ms = 10_000) {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((resolve) => {
    timer = setTimeout(() => resolve('hung'), ms);
  });
  const code = await Promise.race([exited, hung]);
  clearTimeout(timer);
  if (code === 'hung') child.kill('SIGKILL');
  return code;
}

describe('stdin that gives no row', () => {
  const cases: [string, 'csv' | 'ndjson', string, string][] = [
    ['empty NDJSON', 'ndjson', '', 'stdin is empty: expected one JSON object per line'],
    ['NDJSON of blank lines', 'ndjson', '\n \n\r\n', 'stdin is empty: expected one JSON object per line'],
    ['empty CSV', 'csv', '', "stdin is empty: expected a CSV header with a 'id' column"],
    ['a CSV header and no line break', 'csv', 'id', 'stdin has a header but no rows'],
    ['a CSV header', 'csv', 'id\n', 'stdin has a header but no rows'],
  ];
  it.each(cases)(
    '%s: exit 2 at once, nothing sent, no journal or lock left',
    async (name, format, text, message) => {
      const cwd = join(dir, `no-rows-${name.replaceAll(' ', '-')}`);
      mkdirSync(cwd);
      const run = spawnCli(['bulk', 'suspend', '-i', '-', '--format', format, '--yes'], {
        env,
        stdin: text,
        cwd,
      });
      expect(await exitWithin(run.child, run.exited)).toBe(2);
      expect(run.stderr()).toContain(`Error: ${message}`);
      // The default journal (stdin.suspend.journal.ndjson) was never started.
      expect(readdirSync(cwd)).toEqual([]);
    },
  );
});

describe('a signal while stdin is open but sends nothing more', () => {
  /** A run reading stdin from a producer that stays open (the test writes to it). */
  const openRun = (cwd: string, journal: string) => {
    const child = spawn(
      process.execPath,
      [BINARY, 'bulk', 'suspend', '-i', '-', '--format', 'csv', '--yes', '--journal', journal],
      { env: { ...env, MATCHMAKER_PROGRESS_INTERVAL_MS: '50' }, cwd, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout?.resume();
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    return { child, exited, stderr: () => stderr };
  };

  it('before its first row: SIGTERM ends the run with 130, nothing changed, no journal, no lock', async () => {
    const cwd = join(dir, 'waiting-first');
    mkdirSync(cwd);
    const journal = join(cwd, 'waiting.journal.ndjson');
    const run = openRun(cwd, journal);
    try {
      run.child.stdin?.write('id\n');
      // The progress line says the run is reading, and waiting for a row.
      await waitFor(() => /suspend: 0 rows/.test(run.stderr()), 10_000);
      run.child.kill('SIGTERM');
      expect(await exitWithin(run.child, run.exited)).toBe(130);
    } finally {
      run.child.kill('SIGKILL');
    }
    expect(run.stderr()).toContain('Interrupted before any row was sent: nothing changed');
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('after some rows: SIGTERM ends the run with 130, the rows sent journaled, --resume to finish', async () => {
    const [a, b, c] = memberIds(box, 20).filter((id) => statusOf(id) === 'active');
    const cwd = join(dir, 'waiting-more');
    mkdirSync(cwd);
    const journal = join(cwd, 'waiting.journal.ndjson');
    const run = openRun(cwd, journal);
    try {
      run.child.stdin?.write(`id\n${a}\n${b}\n`);
      // Each row is sent once its line break is read, though the producer has not closed stdin.
      await waitFor(() => entries(journal).length === 2, 10_000);
      run.child.kill('SIGTERM');
      expect(await exitWithin(run.child, run.exited)).toBe(130);
    } finally {
      run.child.kill('SIGKILL');
    }
    expect(run.stderr()).toContain(`the journal ${journal} is up to date; run again with --resume to finish`);
    // Journaled as each finished, in either order.
    const journaled = entries(journal).map((entry) => entry.id);
    expect([a, b].filter((id) => statusOf(id ?? '') === 'suspended')).toEqual([a, b]);
    expect([...journaled].sort()).toEqual([a, b].sort());
    const resumed = await spawnResult(
      ['bulk', 'suspend', '-i', '-', '--format', 'csv', '--yes', '--journal', journal, '--resume'],
      { env, stdin: `id\n${a}\n${b}\n${c}\n`, cwd },
    );
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain('suspend: 1 ok, 2 skipped, 0 failed');
    expect([a, b, c].map((id) => statusOf(id ?? ''))).toEqual(['suspended', 'suspended', 'suspended']);
    expect(existsSync(`${journal}.lock`)).toBe(false);
  });
});

describe('a CSV row on stdin is sent once its line break is read, while the producer still waits', () => {
  // csv-parse keeps the last bytes it is given until it sees what follows them: a row used to wait
  // for the next row, and the last one for the pipe to close.
  const cases: [string, (a: string, b: string) => [string, string], number[]][] = [
    ['LF', (a, b) => [`id\n${a}\n`, `${b}\n`], [2, 3]],
    ['CR LF', (a, b) => [`id\r\n${a}\r\n`, `${b}\r\n`], [2, 3]],
    [
      'a row ending in a quoted cell over two lines',
      (a, b) => [`id,note\n${a},"two\r\nlines"\n`, `${b},"x"\n`],
      [2, 4],
    ],
  ];
  it.each(cases)('%s', async (name, rows, lines) => {
    const [a = '', b = ''] = memberIds(box, 40).filter((id) => statusOf(id) === 'active');
    const cwd = join(dir, `prompt-${name.replaceAll(' ', '-')}`);
    mkdirSync(cwd);
    const journal = join(cwd, 'prompt.journal.ndjson');
    const child = spawn(
      process.execPath,
      [BINARY, 'bulk', 'suspend', '-i', '-', '--format', 'csv', '--yes', '--journal', journal],
      { env, cwd, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout?.resume();
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    const [first, second] = rows(a, b);
    try {
      child.stdin?.write(first);
      await waitFor(() => statusOf(a) === 'suspended' && entries(journal).length === 1, 10_000);
      expect(statusOf(b)).toBe('active');
      child.stdin?.write(second);
      await waitFor(() => statusOf(b) === 'suspended' && entries(journal).length === 2, 10_000);
      child.stdin?.end();
      expect(await exitWithin(child, exited)).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
    expect(stderr).toContain('suspend: 2 ok, 0 skipped, 0 failed');
    expect(entries(journal).map((entry) => entry.line)).toEqual(lines);
  });
});
