import { describe, expect, it } from 'vitest';
import { LANES, runLanes, summary } from '../scripts/run-test-lanes.mjs';

/** A step that runs `script` in a fresh Node process. */
const node = (label, script) => ({
  label,
  command: process.execPath,
  args: ['-e', script],
  cwd: process.cwd(),
});

describe('runLanes', () => {
  it('runs the lanes side by side and each lane in order, prefixing every line', async () => {
    const lines = [];
    const results = await runLanes(
      [
        [node('slow', "setTimeout(() => console.log('slow done'), 400)")],
        [
          node('first', "console.log('one'); console.error('two')"),
          node('second', "console.log('three\\nfour')"),
        ],
      ],
      { write: (line) => lines.push(line) },
    );
    expect(results.map((result) => [result.label, result.code])).toEqual([
      ['slow', 0],
      ['first', 0],
      ['second', 0],
    ]);
    // The second lane finished both steps while the first was still waiting: the lanes overlap.
    expect(lines.indexOf('slow: slow done\n')).toBe(lines.length - 1);
    expect(lines.indexOf('second: three\n')).toBeGreaterThan(lines.indexOf('first: one\n'));
    expect(lines).toEqual(expect.arrayContaining(['first: two\n', 'second: four\n']));
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
