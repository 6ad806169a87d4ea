import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_REQUEST_TIMEOUT_MS, LOGOUT_REQUEST_TIMEOUT_MS, TOKEN_REFRESH_RETRY } from '../../src/index';
import { FileLock, FileTokenStore } from '../../src/node';
import { flushIO } from '../support/client';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mm-lock-'));
});
afterEach(async () => {
  vi.useRealTimers();
  await rm(dir, { recursive: true, force: true });
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const lockOf = (pid: number, token: string) => JSON.stringify({ pid, host: hostname(), token });

/** The pid of a process that has exited (so no live process owns it for a while). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await once(child, 'exit');
  if (child.pid === undefined) throw new Error('no pid');
  return child.pid;
}

describe('FileTokenStore lock', () => {
  it('never takes over a lock whose owner is alive, however old it is', async () => {
    const store = new FileTokenStore(join(dir, 'session.json'));
    const lock = `${store.path}.lock`;
    // The parent process (pnpm or vitest) is alive and is not this store.
    await writeFile(lock, lockOf(process.ppid, 'other-owner'));
    const old = new Date(Date.now() - 10 * 60_000);
    await utimes(lock, old, old);
    let ran = false;
    const locked = store.withLock(async () => {
      ran = true;
    });
    await pause(400);
    expect(ran).toBe(false);
    await rm(lock);
    await locked;
    expect(ran).toBe(true);
  });

  it('takes over at once a lock whose owner has exited', async () => {
    const store = new FileTokenStore(join(dir, 'session.json'));
    await writeFile(`${store.path}.lock`, lockOf(await deadPid(), 'gone'));
    const started = Date.now();
    await store.withLock(async () => undefined);
    // Not after waiting out a half-written lock (5 s), nor the whole lock wait.
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('leaves alone a lock file that is not its own when it releases', async () => {
    const store = new FileTokenStore(join(dir, 'session.json'));
    const lock = `${store.path}.lock`;
    const foreign = lockOf(process.ppid, 'someone-else');
    await store.withLock(async () => {
      // Another process removed ours (an operator, say) and took the lock meanwhile.
      await writeFile(lock, foreign);
    });
    expect(await readFile(lock, 'utf8')).toBe(foreign);
  });

  it('serialises two stores on one file, each releasing only its own lock', async () => {
    const path = join(dir, 'session.json');
    const a = new FileTokenStore(path);
    const b = new FileTokenStore(path);
    const order: string[] = [];
    let aHolds = () => {};
    const held = new Promise<void>((resolve) => {
      aHolds = resolve;
    });
    await Promise.all([
      a.withLock(async () => {
        order.push('a:start');
        aHolds();
        await pause(50);
        order.push('a:end');
      }),
      // b asks while a holds the lock (not merely 5 ms later, which a starved process can lose).
      held.then(() =>
        b.withLock(async () => {
          order.push('b:start');
          order.push('b:end');
        }),
      ),
    ]);
    expect(order).toEqual(['a:start', 'a:end', 'b:start', 'b:end']);
  });

  it('gives up after lockWaitMs with an error naming the process that holds the lock', async () => {
    const store = new FileTokenStore(join(dir, 'session.json'), { lockWaitMs: 300 });
    await writeFile(`${store.path}.lock`, lockOf(process.ppid, 'other-owner'));
    await expect(store.withLock(async () => undefined)).rejects.toThrow(
      new RegExp(`waiting for the token lock .*held by process ${process.ppid} on `),
    );
  });

  it('by default waits at least as long as a refresh with the default limits may hold the lock', async () => {
    // Four refresh attempts of 30 s, three 1 s waits, then the logout call of a failed refresh.
    const longestHoldMs =
      (TOKEN_REFRESH_RETRY.retries + 1) * DEFAULT_REQUEST_TIMEOUT_MS +
      TOKEN_REFRESH_RETRY.retries * 1_000 +
      LOGOUT_REQUEST_TIMEOUT_MS;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const store = new FileTokenStore(join(dir, 'session.json'));
    await writeFile(`${store.path}.lock`, lockOf(process.ppid, 'refreshing'));
    let outcome = 'waiting';
    const locked = store
      .withLock(async () => undefined)
      .then(
        () => {
          outcome = 'locked';
        },
        () => {
          outcome = 'gave up';
        },
      );
    const started = Date.now();
    while (Date.now() - started < longestHoldMs && outcome === 'waiting') {
      // Each step lets one poll of the lock run (its file I/O is real), then moves the clock on.
      await flushIO(() => false, 50);
      await vi.advanceTimersByTimeAsync(2_000);
    }
    expect(outcome).toBe('waiting');
    await rm(`${store.path}.lock`);
    // Bounded by the outcome, not by a guess of how long the file I/O takes on a loaded machine:
    // a poll that has not run when the loop ends would leave `locked` waiting on a fake timer.
    for (let i = 0; i < 1_000 && outcome === 'waiting'; i++) {
      await flushIO(() => false, 50);
      await vi.advanceTimersByTimeAsync(200);
    }
    await locked;
    expect(outcome).toBe('locked');
  }, 30_000);
});

describe('FileLock and a process id given to another program', () => {
  const hasProc = existsSync('/proc/self/stat');

  it.runIf(hasProc)(
    'records when its owner started, and takes over a lock whose pid now runs another program',
    async () => {
      const path = join(dir, 'run.lock');
      const release = await new FileLock(path).tryAcquire();
      const owner = JSON.parse(await readFile(path, 'utf8'));
      expect(owner.started).toMatch(/^[0-9a-f-]+:\d+$/);
      await release?.();

      // A live pid with its true start time is held; as after a crash and a restart, the same pid
      // with another start time is a stale lock whose pid was given to another program.
      await writeFile(path, JSON.stringify({ ...owner, token: 'live' }));
      expect(await new FileLock(path).tryAcquire()).toBeNull();
      const [boot, tick] = String(owner.started).split(':');
      for (const started of [`${boot}:${Number(tick) + 1}`, `another-boot:${tick}`]) {
        await writeFile(path, JSON.stringify({ ...owner, token: 'stale', started }));
        const taken = await new FileLock(path).tryAcquire();
        expect(taken).not.toBeNull();
        expect(JSON.parse(await readFile(path, 'utf8')).token).not.toBe('stale');
        await taken?.();
      }
    },
  );

  it.runIf(hasProc)('two waiters judging one stale lock at once: exactly one holds it', async () => {
    const path = join(dir, 'run.lock');
    const release = await new FileLock(path).tryAcquire();
    const owner = JSON.parse(await readFile(path, 'utf8'));
    await release?.();
    await writeFile(path, JSON.stringify({ ...owner, token: 'stale', started: `${owner.started}0` }));
    const results = await Promise.all(Array.from({ length: 6 }, () => new FileLock(path).tryAcquire()));
    const holders = results.filter((result) => result !== null);
    expect(holders).toHaveLength(1);
    await holders[0]?.();
  });

  it('a lock without a start time (an older SDK, or no /proc) still counts as held while its pid runs', async () => {
    const path = join(dir, 'run.lock');
    await writeFile(path, JSON.stringify({ pid: process.ppid, host: hostname(), token: 'older' }));
    expect(await new FileLock(path).tryAcquire()).toBeNull();
    await writeFile(path, String(process.ppid));
    expect(await new FileLock(path).tryAcquire()).toBeNull();
  });
});

describe('FileLock.tryAcquire (a lock that is taken or refused at once)', () => {
  it('is refused while a live process holds it, and free again once released', async () => {
    const path = join(dir, 'run.lock');
    const first = new FileLock(path);
    const release = await first.tryAcquire();
    expect(release).not.toBeNull();
    expect(await new FileLock(path).tryAcquire()).toBeNull();
    expect(await first.holder()).toBe(`process ${process.pid} on ${hostname()}`);
    await release?.();
    const again = await new FileLock(path).tryAcquire();
    expect(again).not.toBeNull();
    await again?.();
  });

  it('takes over the lock of a process that is gone; never one from another host when told so', async () => {
    const path = join(dir, 'run.lock');
    await writeFile(path, lockOf(await deadPid(), 'killed-run'));
    const release = await new FileLock(path).tryAcquire();
    expect(release).not.toBeNull();
    expect(JSON.parse(await readFile(path, 'utf8')).pid).toBe(process.pid);
    await release?.();

    await writeFile(path, JSON.stringify({ pid: 1, host: 'another-host', token: 'theirs' }));
    const old = new Date(Date.now() - 24 * 60 * 60_000);
    await utimes(path, old, old);
    expect(await new FileLock(path, { foreignHoldMs: Number.POSITIVE_INFINITY }).tryAcquire()).toBeNull();
    // With the default, a day-old lock from another host counts as abandoned.
    const taken = await new FileLock(path).tryAcquire();
    expect(taken).not.toBeNull();
    await taken?.();
  });
});

describe('many waiters at once over an abandoned lock', () => {
  it('exactly one of them holds it, every time', async () => {
    const path = join(dir, 'run.lock');
    const dead = await deadPid();
    for (let round = 0; round < 20; round++) {
      await writeFile(path, lockOf(dead, `killed-${round}`));
      const results = await Promise.all(Array.from({ length: 6 }, () => new FileLock(path).tryAcquire()));
      const holders = results.filter((result) => result !== null);
      expect(holders).toHaveLength(1);
      await holders[0]?.();
    }
  });

  it('a takeover left half done by a process that died is not in the way for long', async () => {
    const path = join(dir, 'run.lock');
    await writeFile(path, lockOf(await deadPid(), 'killed'));
    await writeFile(`${path}.takeover`, '');
    // A fresh one is in progress elsewhere: this waiter leaves the takeover to it.
    expect(await new FileLock(path).tryAcquire()).toBeNull();
    const old = new Date(Date.now() - 60_000);
    await utimes(`${path}.takeover`, old, old);
    const release = await new FileLock(path).tryAcquire();
    expect(release).not.toBeNull();
    await release?.();
    await expect(readFile(`${path}.takeover`)).rejects.toThrow(/ENOENT/);
  });
});

describe('FileLock.tryHold (a long hold that checks it still has the lock)', () => {
  it('is held, taken again when the file is deleted by hand, lost to another owner', async () => {
    const path = join(dir, 'run.lock');
    const hold = await new FileLock(path).tryHold();
    if (!hold) throw new Error('the lock was free');
    expect(await hold.confirm()).toBe('held');
    const mine = await readFile(path, 'utf8');
    await rm(path);
    expect(await hold.confirm()).toBe('retaken');
    expect(await readFile(path, 'utf8')).toBe(mine);
    expect(await hold.confirm()).toBe('held');
    // Another run judged it abandoned (or someone deleted it and another run started).
    await writeFile(path, lockOf(process.ppid, 'another-run'));
    expect(await hold.confirm()).toBe('lost');
    await hold.release();
    expect(await readFile(path, 'utf8')).toBe(lockOf(process.ppid, 'another-run'));
  });

  it('a release while a check is in progress leaves no lock file behind', async () => {
    const path = join(dir, 'run.lock');
    const hold = await new FileLock(path).tryHold();
    if (!hold) throw new Error('the lock was free');
    await rm(path);
    // A check that may find the file gone and create it again, and a release asked for at the
    // same moment: the release runs after the check, so the file it may have made is removed.
    const state = hold.confirm();
    await new Promise((resolve) => setImmediate(resolve));
    await hold.release();
    expect(await state).toBe('retaken');
    await expect(readFile(path, 'utf8')).rejects.toThrow(/ENOENT/);
    expect(await hold.confirm()).toBe('lost');
    await expect(readFile(path, 'utf8')).rejects.toThrow(/ENOENT/);
  });
});
