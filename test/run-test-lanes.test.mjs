import { describe, expect, it } from 'vitest';
import { failureExcerpt, LANES, runLanes, summary } from '../scripts/run-test-lanes.mjs';

/** A step that runs `script` in a fresh Node process. */
const node = (label, script) => ({
  label,
  command: process.execPath,
  args: ['-e', script],
  cwd: process.cwd(),
});

describe('runLanes', () => {
  it('runs the lanes side by side and each lane in order, prefixing every line', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const folder = mkdtempSync(join(tmpdir(), 'lanes-'));
    const marker = JSON.stringify(join(folder, 'second-ran'));
    try {
      const lines = [];
      const results = await runLanes(
        [
          // Ends only once the other lane's second step has run: the lanes must overlap.
          [
            node(
              'slow',
              `const { existsSync } = require('node:fs');
               const wait = setInterval(() => { if (existsSync(${marker})) { clearInterval(wait); console.log('slow done'); process.exit(0); } }, 20);
               setTimeout(() => process.exit(9), 20000);`,
            ),
          ],
          [
            node('first', "console.log('one'); console.error('two')"),
            node('second', `console.log('three\\nfour'); require('node:fs').writeFileSync(${marker}, '')`),
          ],
        ],
        { write: (line) => lines.push(line) },
      );
      expect(results.map((result) => [result.label, result.code])).toEqual([
        ['slow', 0],
        ['first', 0],
        ['second', 0],
      ]);
      expect(lines.indexOf('slow: slow done\n')).toBe(lines.length - 1);
      expect(lines.indexOf('second: three\n')).toBeGreaterThan(lines.indexOf('first: one\n'));
      expect(lines).toEqual(expect.arrayContaining(['first: two\n', 'second: four\n']));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('goes on after a failure and reports every step with its exit code', async () => {
    const results = await runLanes(
      [[node('fails', 'process.exit(3)'), node('after', "console.log('still ran')")], [node('other', '')]],
      { write: () => {} },
    );
    expect(results.map((result) => [result.label, result.code])).toEqual([
      ['fails', 3],
      ['after', 0],
      ['other', 0],
    ]);
  });

  it('reports a command that cannot start, without hanging', async () => {
    const lines = [];
    const [result] = await runLanes(
      [[{ label: 'missing', command: '/no/such/program', args: [], cwd: process.cwd() }]],
      {
        write: (line) => lines.push(line),
      },
    );
    expect(result.code).toBe(127);
    expect(lines.join('')).toContain('missing: could not start /no/such/program');
  });
});

describe('a signal', () => {
  it('stops the steps running and starts no further one', async () => {
    const { spawn } = await import('node:child_process');
    const { once } = await import('node:events');
    const runner = new URL('../scripts/run-test-lanes.mjs', import.meta.url).pathname;
    // A runner of one lane: a step that waits, then one that must not start after the signal.
    const script = `
      const { runLanes } = await import(${JSON.stringify(runner)});
      const step = (label, code) => ({ label, command: process.execPath, args: ['-e', code], cwd: process.cwd() });
      const results = await runLanes([[
        step('waits', "console.log('started'); setTimeout(() => {}, 30000)"),
        step('next', "console.log('next ran')"),
      ]]);
      console.log(JSON.stringify(results.map((r) => [r.label, r.code])));
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    while (!out.includes('waits: started')) await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill('SIGTERM');
    await once(child, 'close');
    expect(out).not.toContain('next ran');
    expect(out).toContain('next: not run (SIGTERM)');
    // 143: 128 + SIGTERM's 15, for the step stopped and the one not run.
    expect(out).toContain('[["waits",143],["next",143]]');
  });
});

describe('a failed package', () => {
  const RED = '\u001b[31m';
  const OFF = '\u001b[39m';
  // What vitest prints around a failure, colour included.
  const vitestFailure = [
    ' ✓ test/quick.test.ts (3 tests) 12ms',
    `${RED}⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯${OFF}`,
    ' FAIL  test/transport/deadlines.order.test.ts > Deadlines > keeps timing',
    `${RED}AssertionError: expected 262 to be less than 250${OFF}`,
    ' ❯ test/transport/deadlines.order.test.ts:59:17',
    ' Test Files  1 failed | 67 passed (68)',
    '      Tests  1 failed | 834 passed (835)',
  ];

  it('ends the run with what each failed package said of its failure, in plain text', async () => {
    const print = (lines) =>
      `for (const line of ${JSON.stringify(lines)}) console.log(line); process.exit(1)`;
    const results = await runLanes(
      [
        [node('passes', "console.log('fine')")],
        [node('sdk test', print(vitestFailure)), node('other', print(['a', 'b']))],
      ],
      { write: () => {} },
    );
    expect(results[0]).not.toHaveProperty('failure');
    const text = summary(results, 9);
    expect(text).toContain(
      [
        'sdk test failed; what it said:',
        '  ⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯',
        '   FAIL  test/transport/deadlines.order.test.ts > Deadlines > keeps timing',
        '  AssertionError: expected 262 to be less than 250',
        '   ❯ test/transport/deadlines.order.test.ts:59:17',
        '',
      ].join('\n'),
    );
    // A program that is not vitest: its last lines.
    expect(text).toContain('other failed; what it said:\n  a\n  b\n');
    expect(text).not.toContain('\u001b');
    expect(text).not.toContain('quick.test.ts');
    // Then the results, last.
    expect(text.indexOf('Package tests, 9 s in all')).toBeGreaterThan(text.indexOf('other failed'));
  });

  it('keeps errors outside any test, and says how much of a long account it left out', () => {
    expect(failureExcerpt(['ok', '⎯⎯⎯ Unhandled Errors ⎯⎯⎯', 'Error: socket hang up', 'done'])).toEqual([
      '⎯⎯⎯ Unhandled Errors ⎯⎯⎯',
      'Error: socket hang up',
      'done',
    ]);
    const long = ['⎯ Failed Tests 9 ⎯', ...Array.from({ length: 20 }, (_, index) => `line ${index}`)];
    expect(failureExcerpt(long, { most: 5 })).toEqual([
      '⎯ Failed Tests 9 ⎯',
      'line 0',
      'line 1',
      'line 2',
      'line 3',
      "... 16 more lines: see the package's output above",
    ]);
  });
});

describe('summary', () => {
  it('names each package, its result and time', () => {
    const text = summary(
      [
        { label: 'web test', code: 0, seconds: 600 },
        { label: 'cli test', code: 1, seconds: 300 },
      ],
      610,
    );
    expect(text).toContain('610 s in all');
    expect(text).toContain('  web test  passed  600 s');
    expect(text).toContain('  cli test  FAILED (exit 1)  300 s');
  });
});

describe('LANES', () => {
  it('runs every package with a test script exactly once', async () => {
    const { readFileSync } = await import('node:fs');
    const workspace = readFileSync(new URL('../pnpm-workspace.yaml', import.meta.url), 'utf8');
    // The entries of `packages:`, up to the next top-level key.
    const packages = workspace.split(/^packages:\s*$/m)[1].split(/^\S/m)[0];
    const folders = [...packages.matchAll(/^\s*-\s*['"]?([^'"\s]+)['"]?\s*$/gm)].map((match) => match[1]);
    const tested = folders.filter((folder) => {
      const manifest = JSON.parse(
        readFileSync(new URL(`../${folder}/package.json`, import.meta.url), 'utf8'),
      );
      return Boolean(manifest.scripts?.test);
    });
    expect(LANES.flatMap((lane) => lane.folders).sort()).toEqual(tested.sort());
  });
});
