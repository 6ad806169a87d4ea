import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { missingPrerequisites, PREREQUISITES, planSetup } from '../scripts/test-prerequisites.mjs';

const script = join(dirname(fileURLToPath(import.meta.url)), '..', 'scripts', 'test-prerequisites.mjs');
const [chromium, shell, zsh, fish] = PREREQUISITES;

describe('planSetup', () => {
  it('does nothing when everything is there', () => {
    expect(planSetup({ missing: [], isRoot: false, hasAptGet: false })).toEqual({ action: 'none' });
  });

  it('installs the missing Debian packages as root with apt-get', () => {
    const plan = planSetup({ missing: [chromium, shell, fish], isRoot: true, hasAptGet: true });
    expect(plan.action).toBe('install');
    expect(plan.steps).toEqual([
      ['apt-get', ['update', '-qq']],
      ['apt-get', ['install', '-y', '-qq', 'chromium', 'chromium-headless-shell', 'fish']],
    ]);
  });

  it('stops with the one sudo command where it is not root', () => {
    const plan = planSetup({ missing: [zsh, fish], isRoot: false, hasAptGet: true });
    expect(plan.action).toBe('stop');
    expect(plan.message).toContain('sudo apt-get update && sudo apt-get install -y zsh fish\n');
  });

  it('names what to install where there is no apt-get', () => {
    const plan = planSetup({ missing: [chromium, shell], isRoot: true, hasAptGet: false });
    expect(plan.action).toBe('stop');
    expect(plan.message).toContain('install Chromium, Chromium headless shell with');
    expect(plan.message).toContain('/usr/bin/chromium-headless-shell');
  });
});

describe('the script', () => {
  const bin = mkdtempSync(join(tmpdir(), 'prerequisites-'));
  symlinkSync(process.execPath, join(bin, 'node'));
  // mkdtemp makes it 0700; the run as nobody below must reach node through it.
  chmodSync(bin, 0o755);
  afterAll(() => rmSync(bin, { recursive: true, force: true }));

  it('finds shells only on the PATH it is given', () => {
    expect(missingPrerequisites(bin).map((item) => item.name)).toEqual(
      expect.arrayContaining(['zsh', 'fish']),
    );
  });

  it.skipIf(process.getuid?.() !== 0)('stops at once as another user, with the command to run', () => {
    // Root can run it as nobody: a PATH without the shells, and no apt-get on it either.
    const started = Date.now();
    const run = spawnSync(join(bin, 'node'), [script], {
      env: { PATH: bin },
      uid: 65534,
      gid: 65534,
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('pnpm test needs');
    expect(run.stderr).toContain('zsh, fish');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
