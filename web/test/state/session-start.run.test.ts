/**
 * The registry features hand their start-up work to: every registered work of a start-up runs at
 * once, side by side; one failing stops none of the others; failures of an ended start-up are not
 * reported; a start-up module that failed to load is fetched again (back online, or after a moment)
 * and its work then runs for the start-up still current, once, or at the next start-up; a module
 * loads only for the paths and the role it is needed for.
 */
import { createClient, type User } from '@matchmaker/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOAD_ATTEMPTS } from '../../src/lib/retry-load';
import {
  type EarlyStart,
  loadRoleStartupModules,
  loadStartupModules,
  type MemberStart,
  onAdminStart,
  onMemberStart,
  onSessionStart,
  runAdminStart,
  runMemberStart,
  runSessionStart,
  type StartupModule,
  setStartupModules,
} from '../../src/state/session-start';

const client = createClient({ baseURL: 'http://127.0.0.1:9', locks: null });
const member: User = {
  keycloakId: 'kc-1',
  username: 'm1',
  first_name: 'M',
  last_name: 'One',
  email: 'm1@x.test',
  roles: ['General'],
  is_deleted: false,
};

/** The browser's online state and its `online` event, which retries wait for. */
const browser = { onLine: true };
const events = new EventTarget();
beforeEach(() => {
  browser.onLine = true;
  vi.stubGlobal('navigator', browser);
  vi.stubGlobal('window', events);
});

const unregister: (() => void)[] = [];
/** Every start-up a test makes ends with it, as the next start-up ends the last one in the app. */
const startups: AbortController[] = [];
afterEach(() => {
  for (const off of unregister.splice(0)) off();
  for (const abort of startups.splice(0)) abort.abort();
  setStartupModules([]);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function startup(): AbortController {
  const abort = new AbortController();
  startups.push(abort);
  return abort;
}

function memberStart(signal = startup().signal): MemberStart {
  return { client, signal, path: '/matches', user: member };
}

const chunkError = () => new TypeError('Failed to fetch dynamically imported module');

/**
 * The one start-up module: its first import fails as on a dropped line, each later one runs
 * `register` (the module's registrations). Returns its count of imports.
 */
function failingOnce(register: () => void, when: Omit<StartupModule, 'load'>): { loads: number } {
  const counts = { loads: 0 };
  setStartupModules([
    {
      ...when,
      load: async () => {
        counts.loads++;
        if (counts.loads === 1) throw chunkError();
        register();
      },
    },
  ]);
  return counts;
}

describe('session start-up work registered by features', () => {
  it('starts every member work at once, without one waiting for another', async () => {
    const started: string[] = [];
    let finishFirst = () => {};
    unregister.push(
      onMemberStart(async ({ user }) => {
        started.push(`slow:${user.keycloakId}`);
        await new Promise<void>((resolve) => {
          finishFirst = resolve;
        });
        started.push('slow done');
      }),
      onMemberStart(({ path }) => {
        started.push(`fast:${path}`);
      }),
    );
    runMemberStart(memberStart(), (error) => {
      throw error;
    });
    expect(started).toEqual(['slow:kc-1', 'fast:/matches']);
    finishFirst();
    await Promise.resolve();
    await Promise.resolve();
    expect(started).toEqual(['slow:kc-1', 'fast:/matches', 'slow done']);
  });

  it('reports a failing work, thrown or rejected, and still runs the others', async () => {
    const errors: unknown[] = [];
    let ran = false;
    unregister.push(
      onMemberStart(() => {
        throw new Error('thrown');
      }),
      onMemberStart(async () => {
        throw new Error('rejected');
      }),
      onMemberStart(() => {
        ran = true;
      }),
    );
    runMemberStart(memberStart(), (error) => errors.push(error));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ran).toBe(true);
    expect(errors.map((error) => (error as Error).message).sort()).toEqual(['rejected', 'thrown']);
  });

  it('does not report the failure of a work whose start-up has ended', async () => {
    const errors: unknown[] = [];
    const abort = new AbortController();
    unregister.push(
      onMemberStart(async ({ signal }) => {
        await new Promise((resolve) => setTimeout(resolve, 0));
        if (signal.aborted) throw new Error('late');
      }),
    );
    runMemberStart(memberStart(abort.signal), (error) => errors.push(error));
    abort.abort();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(errors).toEqual([]);
  });

  it('gives early work the user as a promise, so it starts before user info answers', async () => {
    let resolveUser: (user: User) => void = () => {};
    const user = new Promise<User>((resolve) => {
      resolveUser = resolve;
    });
    const seen: string[] = [];
    unregister.push(
      onSessionStart(async (start: EarlyStart) => {
        seen.push('started');
        seen.push((await start.user).username);
      }),
    );
    runSessionStart({ client, signal: startup().signal, path: '/', user }, (error) => {
      throw error;
    });
    expect(seen).toEqual(['started']);
    resolveUser(member);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual(['started', 'm1']);
  });

  it('an unregistered work no longer runs', () => {
    let runs = 0;
    const off = onMemberStart(() => {
      runs++;
    });
    off();
    runMemberStart(memberStart(), () => {});
    expect(runs).toBe(0);
  });

  it('loads each start-up module once, and tries one that failed again at the next start-up', async () => {
    const loads = { good: 0, flaky: 0 };
    let flakyFails = true;
    const errors: unknown[] = [];
    const always = () => true;
    setStartupModules([
      {
        load: async () => {
          loads.good++;
        },
        early: always,
        after: null,
      },
      {
        load: async () => {
          loads.flaky++;
          if (flakyFails) throw chunkError();
        },
        early: always,
        after: null,
      },
    ]);
    // Offline: the failed module waits for the line, and its start-up ends first (a new login).
    browser.onLine = false;
    const first = startup();
    await loadStartupModules('/matches', first.signal, (error) => errors.push(error));
    expect(loads).toEqual({ good: 1, flaky: 1 });
    first.abort();
    browser.onLine = true;
    events.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loads).toEqual({ good: 1, flaky: 1 });
    flakyFails = false;
    await loadStartupModules('/matches', startup().signal, (error) => errors.push(error));
    await loadStartupModules('/matches', startup().signal, (error) => errors.push(error));
    expect(loads).toEqual({ good: 1, flaky: 2 });
    expect(errors).toEqual([]);
  });

  it('fetches a module that failed again after a moment while online, and runs its work for the current start-up, once', async () => {
    vi.useFakeTimers();
    let fails = 1;
    let loads = 0;
    const ran: string[] = [];
    const errors: unknown[] = [];
    setStartupModules([
      {
        load: async () => {
          loads++;
          if (fails-- > 0) throw chunkError();
          unregister.push(onMemberStart(({ user }) => void ran.push(`late:${user.username}`)));
        },
        after: 'member',
      },
    ]);
    unregister.push(onMemberStart(() => void ran.push('here')));
    const abort = startup();
    // The start-up goes on without it: the first failure is no reason to wait.
    await loadRoleStartupModules('member', abort.signal, (error) => errors.push(error));
    runMemberStart(memberStart(abort.signal), (error) => errors.push(error));
    expect(ran).toEqual(['here']);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(loads).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(loads).toBe(2);
    expect(ran).toEqual(['here', 'late:m1']);
    // Loaded: nothing fetched again, nothing run twice.
    await vi.advanceTimersByTimeAsync(20_000);
    await loadRoleStartupModules('member', abort.signal, (error) => errors.push(error));
    expect(loads).toBe(2);
    expect(ran).toEqual(['here', 'late:m1']);
    expect(errors).toEqual([]);
  });

  it('offline, fetches a module that failed again when the browser is back online, not before', async () => {
    vi.useFakeTimers();
    const ran: string[] = [];
    const module = failingOnce(() => unregister.push(onSessionStart(({ path }) => void ran.push(path))), {
      early: () => true,
      after: null,
    });
    browser.onLine = false;
    const abort = startup();
    const errors: unknown[] = [];
    await loadStartupModules('/messages', abort.signal, (error) => errors.push(error));
    const user = Promise.resolve(member);
    runSessionStart({ client, signal: abort.signal, path: '/messages', user }, (error) => errors.push(error));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(module.loads).toBe(1);
    browser.onLine = true;
    events.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(module.loads).toBe(2);
    expect(ran).toEqual(['/messages']);
    expect(errors).toEqual([]);
  });

  it('reports a module that keeps failing while online after its last attempt, and fetches it no more', async () => {
    vi.useFakeTimers();
    let loads = 0;
    setStartupModules([
      {
        load: async () => {
          loads++;
          throw chunkError();
        },
        after: 'member',
      },
    ]);
    const errors: unknown[] = [];
    await loadRoleStartupModules('member', startup().signal, (error) => errors.push(error));
    await vi.advanceTimersByTimeAsync(2_000 + 4_000);
    expect(loads).toBe(3);
    expect(errors).toEqual([]);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(loads).toBe(LOAD_ATTEMPTS);
    expect(errors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(loads).toBe(LOAD_ATTEMPTS);
  });

  it('fetches nothing, runs nothing and reports nothing for a start-up that ended', async () => {
    vi.useFakeTimers();
    let loads = 0;
    const ran: string[] = [];
    let release = () => {};
    setStartupModules([
      {
        load: async () => {
          loads++;
          if (loads === 1) throw chunkError();
          // The second fetch is on its way when the start-up ends.
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          unregister.push(onMemberStart(() => void ran.push('late')));
        },
        after: 'member',
      },
    ]);
    const errors: unknown[] = [];
    const abort = startup();
    await loadRoleStartupModules('member', abort.signal, (error) => errors.push(error));
    runMemberStart(memberStart(abort.signal), (error) => errors.push(error));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(loads).toBe(2);
    abort.abort();
    release();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(loads).toBe(2);
    expect(ran).toEqual([]);
    expect(errors).toEqual([]);
    // A start-up aborted before its module failed fetches it no more either.
    let other = 0;
    setStartupModules([
      {
        load: async () => {
          other++;
          throw chunkError();
        },
        after: 'admin',
      },
    ]);
    const ended = startup();
    const loading = loadRoleStartupModules('admin', ended.signal, (error) => errors.push(error));
    ended.abort();
    await loading;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(other).toBe(1);
    expect(errors).toEqual([]);
  });

  it("runs a late module's work only for the kinds of work its start-up has run: an admin never runs a member's", async () => {
    vi.useFakeTimers();
    const ran: string[] = [];
    const module = failingOnce(
      () =>
        unregister.push(
          onMemberStart(() => void ran.push('member')),
          onAdminStart(() => void ran.push('admin')),
        ),
      { early: () => true, after: 'admin' },
    );
    const abort = startup();
    await loadStartupModules('/admin/users', abort.signal, () => {});
    runAdminStart({ ...memberStart(abort.signal), user: { ...member, roles: ['Admin'] } }, () => {});
    await vi.advanceTimersByTimeAsync(2_000);
    expect(module.loads).toBe(2);
    expect(ran).toEqual(['admin']);
  });

  it('loads a module early only on the paths it asks for, and after user info only for its role', async () => {
    const loads: string[] = [];
    const module = (name: string, early: (path: string) => boolean, after: StartupModule['after']) => ({
      load: async () => void loads.push(name),
      early,
      after,
    });
    setStartupModules([
      module('member', (path) => path.startsWith('/messages'), 'member'),
      module('screen', (path) => path === '/matches', null),
      module('admin', () => false, 'admin'),
    ]);
    const { signal } = startup();
    await loadStartupModules('/admin/users', signal, () => {});
    expect(loads).toEqual([]);
    await loadRoleStartupModules('admin', signal, () => {});
    expect(loads).toEqual(['admin']);
    await loadStartupModules('/messages/room-1', signal, () => {});
    expect(loads).toEqual(['admin', 'member']);
    await loadRoleStartupModules('member', signal, () => {});
    expect(loads).toEqual(['admin', 'member']);

    const ran: string[] = [];
    unregister.push(onAdminStart(() => void ran.push('admin')));
    unregister.push(onMemberStart(() => void ran.push('member')));
    runMemberStart(memberStart(), () => {});
    runAdminStart({ ...memberStart(), user: { ...member, roles: ['Admin'] } }, () => {});
    expect(ran).toEqual(['member', 'admin']);
  });
});
