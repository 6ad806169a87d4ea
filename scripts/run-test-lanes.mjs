#!/usr/bin/env node
/**
 * The package test suites of `pnpm test`, in two lanes at once: the web app's browser tests in
 * one, every other package's suite one after another in the other.
 *
 * Why not `pnpm -r --workspace-concurrency=2 run test`: pnpm starts packages in the order of
 * their dependencies, so the web app (which depends on the SDK and the sandbox) started only
 * after the SDK, the sandbox and the contracts had finished, and its suite, the longest by far,
 * then ran alone at the end. On CI's 2 cores (ci log of 2026-11-28): web 1,181 s; SDK, sandbox,
 * contracts and CLI 78 + 101 + 170 + 566 s. Tests never need another package's tests to have run
 * (the build before them makes every dist), so the lanes start together and the suite takes as
 * long as its longest lane.
 *
 * Every line is prefixed with the package's folder, as pnpm does; a failing package does not stop
 * the others (each failure is in the same log), and the run ends with what each failed package
 * said of its failure (vitest's failed tests and unhandled errors: the end of a long log is often
 * all a CI page keeps, and the lanes' lines are interleaved), then each package's result and
 * time, and exits 1 if any failed. Ctrl-C or a SIGTERM stops the packages running and starts no
 * other.
 *
 *   node scripts/run-test-lanes.mjs            # the lanes below
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Each lane's packages, by folder, run in order; the lanes run at the same time. The browser
 * tests wait on pages in real time; the other suites are throughput work. On 2 cores the lanes
 * compete for the CPU, and in fresh-clone runs a browser test in every other run met a 15 s wait
 * that load had stretched, so the other lane runs at a lower priority (`nice`): it takes what the
 * browser lane leaves, which is most of a core.
 */
export const LANES = [
  { folders: ['web'], nice: 0 },
  { folders: ['sdk', 'contracts/sandbox', 'contracts', 'cli'], nice: 10 },
];

/**
 * Runs each lane's steps one after another, the lanes side by side. A step is
 * `{ label, command, args, cwd }`; its output lines go to `write` prefixed with `label`. Answers
 * each step's result: `{ label, code, seconds }` (code 0 for a pass), in the order of `lanes`.
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
        for (const step of steps) {
          if (stoppedBy) {
            write(`${step.label}: not run (${stoppedBy})\n`);
            done.push({ label: step.label, code: 128 + constants.signals[stoppedBy], seconds: 0 });
          } else done.push(await runStep(step, { write, now, children }));
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
    const output = [];
    const prefix = (stream) =>
      createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
        output.push(line);
        write(`${label}: ${line}\n`);
      });
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
      resolve(
        exit === 0
          ? { label, code: exit, seconds }
          : { label, code: exit, seconds, failure: failureExcerpt(output) },
      );
    });
  });
}

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
/** Where vitest starts saying what failed: its failed tests, or errors outside any test. */
const FAILURE_START = /\bFailed Tests? \d+|\bUnhandled (Errors?|Rejection)\b/;
/** vitest's totals, which follow its account of the failures. */
const TOTALS = /^\s*Test Files\s/;

/**
 * What a failed step's output says of its failure, without colour: from where vitest starts
 * listing what failed up to its totals (at most `most` lines), or, from any other program, its
 * last `tail` lines.
 */
export function failureExcerpt(lines, { most = 150, tail = 40 } = {}) {
  const plain = lines.map((line) => line.replace(ANSI, ''));
  const start = plain.findIndex((line) => FAILURE_START.test(line));
  if (start < 0) return plain.slice(-tail);
  const totals = plain.findIndex((line, index) => index > start && TOTALS.test(line));
  const block = plain.slice(start, totals < 0 ? plain.length : totals);
  if (block.length <= most) return block;
  return [...block.slice(0, most), `... ${block.length - most} more lines: see the package's output above`];
}

/**
 * The lines that end the run: what each failed package said of its failure, then each
 * package's result and time, in the lanes' order.
 */
export function summary(results, totalSeconds) {
  const failures = results
    .filter((result) => result.failure?.length)
    .map(
      (result) =>
        `\n${result.label} failed; what it said:\n${result.failure.map((line) => `  ${line}`).join('\n')}\n`,
    );
  const width = Math.max(...results.map((result) => result.label.length));
  const lines = results.map(
    (result) =>
      `  ${result.label.padEnd(width)}  ${result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`}  ${result.seconds} s`,
  );
  return `${failures.join('')}\nPackage tests, ${totalSeconds} s in all (the lanes side by side):\n${lines.join('\n')}\n`;
}

async function main() {
  const started = Date.now();
  const lanes = LANES.map(({ folders, nice }) =>
    folders.map((folder) => ({
      label: `${folder} test`,
      command: nice === 0 ? 'pnpm' : 'nice',
      args: [...(nice === 0 ? [] : ['-n', String(nice), 'pnpm']), 'run', 'test'],
      cwd: join(root, folder),
    })),
  );
  const results = await runLanes(lanes);
  process.stdout.write(summary(results, Math.round((Date.now() - started) / 1000)));
  process.exitCode = results.every((result) => result.code === 0) ? 0 : 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
