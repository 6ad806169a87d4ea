/**
 * The one remote-state shape: a load's status, data and error; a second load of the same key
 * reuses the one in flight (a screen picks up what start-up began); a newer key wins; an answer
 * that arrives after its session ended is dropped, by the one counter logout moves.
 */
import { HttpError } from '@matchmaker/sdk';
import { proxy } from 'valtio';
import { describe, expect, it } from 'vitest';
import { idle, load, type Remote, resetRemote, sessionGuard } from '../../src/state/remote';
import { clearSessionData } from '../../src/state/session-end';

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** Logout as the app runs it, without the browser's storage (there is none in Node). */
function endSession(): void {
  clearSessionData(() => {});
}

const list = () => proxy<Remote<string[]>>(idle());

describe('load', () => {
  it('goes loading, then ready with the answer', async () => {
    const target = list();
    const answer = deferred<string[]>();
    const done = load(target, () => answer.promise);
    expect(target.status).toBe('loading');
    answer.resolve(['a']);
    await expect(done).resolves.toEqual(['a']);
    expect(target).toMatchObject({ status: 'ready', data: ['a'], error: null });
  });

  it("keeps the data of an earlier answer and says what failed, in the error's words or the fallback", async () => {
    const target = list();
    await load(target, async () => ['a']);
    await load(target, () => Promise.reject(new HttpError(503, {})), {
      failure: 'The list could not be loaded.',
      report: false,
    });
    expect(target).toMatchObject({ status: 'error', data: ['a'], error: 'The list could not be loaded.' });
    await load(target, () => Promise.reject(new HttpError(400, { message: 'Bad page' })), { report: false });
    expect(target.error).toBe('Bad page');
  });

  it('hands a second load of the same key the one in flight, and asks once', async () => {
    const target = list();
    let calls = 0;
    const answer = deferred<string[]>();
    const call = () => {
      calls++;
      return answer.promise;
    };
    const first = load(target, call, { key: 'page-1' });
    const second = load(target, call, { key: 'page-1' });
    expect(second).toBe(first);
    answer.resolve(['a']);
    await first;
    expect(calls).toBe(1);
    // Settled: the next load asks again.
    await load(target, async () => ['b'], { key: 'page-1' });
    expect(target.data).toEqual(['b']);
  });

  it('asks again for a fresh load, and the older answer is dropped', async () => {
    const target = list();
    const old = deferred<string[]>();
    const first = load(target, () => old.promise, { key: 'k' });
    const second = load(target, async () => ['new'], { key: 'k', fresh: true });
    await second;
    old.resolve(['old']);
    await expect(first).resolves.toBeNull();
    expect(target.data).toEqual(['new']);
  });

  it('drops the answer of an older key when a newer key was asked for', async () => {
    const target = list();
    const slow = deferred<string[]>();
    const first = load(target, () => slow.promise, { key: 'page-1' });
    await load(target, async () => ['page 2'], { key: 'page-2' });
    slow.resolve(['page 1']);
    await expect(first).resolves.toBeNull();
    expect(target).toMatchObject({ status: 'ready', data: ['page 2'] });
  });

  it('drops an answer, or a failure, that arrives after its session ended', async () => {
    const target = list();
    const answer = deferred<string[]>();
    const done = load(target, () => answer.promise);
    endSession();
    resetRemote(target);
    answer.resolve(['of the ended session']);
    await expect(done).resolves.toBeNull();
    expect(target).toEqual({ status: 'idle', data: null, error: null });

    const failure = deferred<string[]>();
    const failed = load(target, () => failure.promise, { report: false });
    endSession();
    failure.reject(new HttpError(500, {}));
    await failed;
    expect(target.status).toBe('loading');
    expect(target.error).toBeNull();
  });

  it('keeps the shown data through a quiet refresh, and through its failure', async () => {
    const target = list();
    await load(target, async () => ['a']);
    const answer = deferred<string[]>();
    const refresh = load(target, () => answer.promise, { quiet: true, report: false });
    expect(target.status).toBe('ready');
    answer.reject(new HttpError(503, {}));
    await refresh;
    expect(target).toMatchObject({ status: 'ready', data: ['a'], error: null });
  });
});

describe('sessionGuard', () => {
  it('says whether the session that started the work is still the current one', () => {
    const current = sessionGuard();
    expect(current()).toBe(true);
    endSession();
    expect(current()).toBe(false);
    expect(sessionGuard()()).toBe(true);
  });
});
