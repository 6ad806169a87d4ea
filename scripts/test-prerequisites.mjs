#!/usr/bin/env node
/**
 * The first step of `pnpm test`: the programs the tests drive but npm cannot install. The web
 * app's browser tests run Debian's Chromium headless shell at /usr/bin/chromium-headless-shell,
 * and its full Chromium at /usr/bin/chromium where they read paint timing (playwright-core brings
 * no browser); the CLI's completion scripts are tested in zsh and fish. Where this runs as root
 * with apt-get (CI, a fresh machine of the project's kind) the missing ones are installed from
 * Debian's packages; anywhere else it stops at once with the one command to run, instead of
 * leaving a newcomer with browser tests failing minutes later.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the tests need: where they look for it, and the Debian package that puts it there. */
export const PREREQUISITES = [
  { name: 'Chromium', path: '/usr/bin/chromium', debianPackage: 'chromium' },
  {
    name: 'Chromium headless shell',
    path: '/usr/bin/chromium-headless-shell',
    debianPackage: 'chromium-headless-shell',
  },
  { name: 'zsh', command: 'zsh', debianPackage: 'zsh' },
  { name: 'fish', command: 'fish', debianPackage: 'fish' },
];

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Whether `command` is an executable in one of the PATH folders given. */
export function onPath(command, searchPath) {
  return (searchPath ?? '')
    .split(delimiter)
    .filter((folder) => folder !== '')
    .some((folder) => executable(join(folder, command)));
}

/** The prerequisites not found on this machine. */
export function missingPrerequisites(searchPath = process.env.PATH) {
  return PREREQUISITES.filter((item) =>
    item.path ? !executable(item.path) : !onPath(item.command, searchPath),
  );
}

/**
 * What to do about the missing ones: nothing, install them (root with apt-get), or stop with the
 * one command that installs them.
 */
export function planSetup({ missing, isRoot, hasAptGet }) {
  if (missing.length === 0) return { action: 'none' };
  const packages = missing.map((item) => item.debianPackage).join(' ');
  const names = missing.map((item) => item.name).join(', ');
  if (hasAptGet && isRoot) {
    return {
      action: 'install',
      steps: [
        ['apt-get', ['update', '-qq']],
        ['apt-get', ['install', '-y', '-qq', ...missing.map((item) => item.debianPackage)]],
      ],
      message: `pnpm test: installing ${names} (Debian packages: ${packages})`,
    };
  }
  const command = hasAptGet
    ? `sudo apt-get update && sudo apt-get install -y ${packages}`
    : `install ${names} with your system's package manager (Chromium at /usr/bin/chromium, its headless shell at /usr/bin/chromium-headless-shell)`;
  return {
    action: 'stop',
    message:
      `pnpm test needs ${names}, which npm cannot install (browser tests and shell completion tests).\n` +
      `Run this, then pnpm test again:\n\n  ${command}\n`,
  };
}

function main() {
  const missing = missingPrerequisites();
  const plan = planSetup({
    missing,
    isRoot: typeof process.getuid === 'function' && process.getuid() === 0,
    hasAptGet: onPath('apt-get', process.env.PATH),
  });
  if (plan.action === 'none') return;
  if (plan.action === 'stop') {
    process.stderr.write(plan.message);
    process.exit(1);
  }
  console.log(plan.message);
  for (const [program, args] of plan.steps) {
    execFileSync(program, args, {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  const still = missingPrerequisites();
  if (still.length > 0) {
    process.stderr.write(
      `pnpm test: ${still.map((item) => item.name).join(', ')} still missing after apt-get install\n`,
    );
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
