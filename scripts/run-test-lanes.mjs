#!/usr/bin/env node
/**
 * The packages' builds, type checks and test suites of `pnpm test`, in three lanes at once: the web
 * app's build and browser tests; the other packages' builds and suites one after another; and
 * every package's type check.
 *
 * Why not `pnpm -r --workspace-concurrency=2 run test`: pnpm starts packages in the order of
 * their dependencies, so the web app (which depends on the SDK and the sandbox) started only
 * after the SDK, the sandbox and the contracts had finished, and its suite, the longest by far,
 * then ran alone at the end. On CI's 2 cores (ci log of 2026-11-28): web 1,181 s; SDK, sandbox,
 * contracts and CLI 78 + 101 + 170 + 566 s. Tests never need another package's tests to have run,
 * so the lanes start together and the suite takes as long as its longest lane.
 *
 * The builds and type checks are steps of the lanes too. Run before the lanes, one package after
 * another, they were 1.5 minutes of every CI run (build 33 s, type check 61 s on this machine)
 * before the browser tests could start. The web app builds and tests from the SDK's and the
 * sandbox's sources; the CLI's spawned binary needs the SDK's build, earlier in its lane.
 *
 * Every line is prefixed with the step's label (`web test`), as pnpm prefixes with the package; a
 * failing type check or suite does not stop the others (each failure is in the same log), but a
 * failing build skips the rest of its lane, whose steps would fail for want of it. The run ends
 * with each step's result and time, and exits 1 if any failed. Ctrl-C or a SIGTERM stops the
 * steps running and starts no other.
 *
 *   node scripts/run-test-lanes.mjs              # every step below: builds, type checks, tests
 *   node scripts/run-test-lanes.mjs --only test  # the test suites alone (`pnpm test:unit`)
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Each lane's steps (a package's folder and the script it runs), in order; the lanes run at the
 * same time, each at its own priority (`nice`).
 *
 * - The browser tests wait on pages in real time and are the longest suite: their lane runs at the
 *   normal priority and holds only the web app's build and suite.
 * - The other suites are throughput work, one after another at a lower priority (nice 10): they
 *   take what the browser lane leaves. On 2 cores the lanes compete for the CPU, and in fresh-clone
 *   runs a browser test in every other run met a 15 s wait that load had stretched. The CLI's
 *   spawned binary needs the SDK's build and its own, which come first.
 * - The type checks need nothing built and nobody waits for them: they run at the lowest priority
 *   (nice 19), in the time the suites leave idle (the suites' lanes were 253 s of a core idle in
 *   839 s, waiting on pages, Retry-After answers and signals). Run before the lanes they held the
 *   browser tests back by a minute; at the suites' own priority, beside them, the browser tests
 *   and the CLI's timed tests ran late (two failures in each of two runs).
 */
export const LANES = [
  {
    nice: 0,
    steps: [
      { folder: 'web', script: 'build' },
      { folder: 'web', script: 'test' },
    ],
  },
  {
    nice: 10,
    steps: [
      { folder: 'sdk', script: 'build' },
      { folder: 'contracts/sandbox', script: 'build' },
      { folder: 'cli', script: 'build' },
      { folder: 'sdk', script: 'test' },
      { folder: 'contracts/sandbox', script: 'test' },
      { folder: 'contracts', script: 'test' },
      { folder: 'cli', script: 'test' },
    ],
  },
  {
    nice: 19,
    steps: [
      { folder: 'sdk', script: 'typecheck' },
      { folder: 'contracts/sandbox', script: 'typecheck' },
      { folder: 'contracts', script: 'typecheck' },
      { folder: 'cli', script: 'typecheck' },
      { folder: 'web', script: 'typecheck' },
    ],
  },
];

/**
 * Runs each lane's steps one after another, the lanes side by side. A step is
 * `{ label, command, args, cwd, required? }`; its output lines go to `write` prefixed with
 * `label`. When a `required` step fails, the rest of its lane is not run. Answers each step's result: `{ label, code, seconds }` (code 0 for a pass), with `notRun` (why)
 * for a step not started, in the order of `lanes`.
 */
export async function runLanes(
  lanes,
  { write = (line) => process.stdout.write(line), now = () => Date.now() } = {},
) {
  const children = new Set();
  // Ctrl-C or a SIGTERM ends the run: the steps running get the signal, and no further step starts.
  let stoppedBy;
  const stop = (signal) => {
    stoppedBy = signal;
    for (const child of children) child.kill(signal);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  try {
    const results = await Promise.all(
      lanes.map(async (steps) => {
        const done = [];
        let failedRequirement;
        for (const step of steps) {
          let result;
          if (stoppedBy) {
            write(`${step.label}: not run (${stoppedBy})\n`);
            result = {
              label: step.label,
              code: 128 + constants.signals[stoppedBy],
              seconds: 0,
              notRun: stoppedBy,
            };
          } else if (failedRequirement) {
            const notRun = `${failedRequirement} failed`;
            write(`${step.label}: not run (${notRun})\n`);
            result = { label: step.label, code: 1, seconds: 0, notRun };
          } else {
            result = await runStep(step, { write, now, children });
            if (result.code !== 0 && step.required) failedRequirement = step.label;
          }
          done.push(result);
        }
        return done;
      }),
    );
    return results.flat();
  } finally {
    process.off('SIGTERM', stop);
    process.off('SIGINT', stop);
  }
}

function runStep({ label, command, args, cwd }, { write, now, children }) {
  const started = now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    const prefix = (stream) =>
      createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) =>
        write(`${label}: ${line}\n`),
      );
    const lines = [prefix(child.stdout), prefix(child.stderr)];
    const closed = Promise.all(lines.map((reader) => new Promise((end) => reader.once('close', end))));
    let spawnError;
    child.once('error', (error) => {
      spawnError = error;
    });
    child.once('close', async (code, signal) => {
      children.delete(child);
      await closed;
      if (spawnError) write(`${label}: could not start ${command}: ${spawnError.message}\n`);
      const seconds = Math.round((now() - started) / 1000);
      // A step ended by a signal: 128 + its number, as a shell reports it.
      const exit = spawnError ? 127 : (code ?? (signal ? 128 + constants.signals[signal] : 1));
      resolve({ label, code: exit, seconds });
    });
  });
}

/** The lines that end the run: each step's result and time, in the lanes' order. */
export function summary(results, totalSeconds) {
  const width = Math.max(...results.map((result) => result.label.length));
  const outcome = (result) => {
    if (result.notRun) return `not run (${result.notRun})`;
    return result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`;
  };
  const lines = results.map(
    (result) => `  ${result.label.padEnd(width)}  ${outcome(result)}  ${result.seconds} s`,
  );
  return `\nPackage steps, ${totalSeconds} s in all (the lanes side by side):\n${lines.join('\n')}\n`;
}

/**
 * The lanes' steps as commands: `pnpm run <script>` in the package's folder, under `nice` for a
 * lane with a lower priority; a build is required by the steps after it. `only` keeps the steps
 * of those scripts (all when absent).
 */
export function laneSteps(lanes, { only } = {}) {
  return lanes.map(({ nice, steps }) =>
    steps
      .filter((step) => !only || only.includes(step.script))
      .map(({ folder, script }) => ({
        label: `${folder} ${script}`,
        command: nice === 0 ? 'pnpm' : 'nice',
        args: [...(nice === 0 ? [] : ['-n', String(nice), 'pnpm']), 'run', script],
        cwd: join(root, folder),
        required: script === 'build',
      })),
  );
}

async function main() {
  const { values } = parseArgs({ options: { only: { type: 'string' } } });
  const only = values.only?.split(',');
  const known = new Set(LANES.flatMap((lane) => lane.steps.map((step) => step.script)));
  const unknown = only?.filter((script) => !known.has(script)) ?? [];
  if (unknown.length > 0) {
    process.stderr.write(
      `--only: no step runs ${unknown.join(', ')} (the steps: ${[...known].join(', ')})\n`,
    );
    process.exitCode = 2;
    return;
  }
  const started = Date.now();
  const results = await runLanes(laneSteps(LANES, { only }));
  process.stdout.write(summary(results, Math.round((Date.now() - started) / 1000)));
  process.exitCode = results.every((result) => result.code === 0) ? 0 : 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
