/**
 * The registry features hand their start-up work to: every registered work of a start-up runs at
 * once, side by side; one failing stops none of the others; failures of an ended start-up are not
 * reported; a start-up module that failed to load is tried again at the next start-up; a module
 * loads only for the paths and the role it is needed for.
 */
import { createClient, type User } from '@matchmaker/sdk';
import { afterEach, describe, expect, it } from 'vitest';
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

const unregister: (() => void)[] = [];
afterEach(() => {
  for (const off of unregister.splice(0)) off();
  setStartupModules([]);
});

function memberStart(signal = new AbortController().signal): MemberStart {
  return { client, signal, path: '/matches', user: member };
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
    runSessionStart({ client, signal: new AbortController().signal, path: '/', user }, (error) => {
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
          if (flakyFails) throw new TypeError('Failed to fetch dynamically imported module');
        },
        early: always,
        after: null,
      },
    ]);
    await loadStartupModules('/matches', (error) => errors.push(error));
    expect(loads).toEqual({ good: 1, flaky: 1 });
    expect(errors).toHaveLength(1);
    flakyFails = false;
    await loadStartupModules('/matches', (error) => errors.push(error));
    await loadStartupModules('/matches', (error) => errors.push(error));
    expect(loads).toEqual({ good: 1, flaky: 2 });
    expect(errors).toHaveLength(1);
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
    await loadStartupModules('/admin/users', () => {});
    expect(loads).toEqual([]);
    await loadRoleStartupModules('admin', () => {});
    expect(loads).toEqual(['admin']);
    await loadStartupModules('/messages/room-1', () => {});
    expect(loads).toEqual(['admin', 'member']);
    await loadRoleStartupModules('member', () => {});
    expect(loads).toEqual(['admin', 'member']);

    const ran: string[] = [];
    unregister.push(onAdminStart(() => void ran.push('admin')));
    unregister.push(onMemberStart(() => void ran.push('member')));
    runMemberStart(memberStart(), () => {});
    runAdminStart({ ...memberStart(), user: { ...member, roles: ['Admin'] } }, () => {});
    expect(ran).toEqual(['member', 'admin']);
  });
});
