import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createClient,
  isHttpError,
  isNetworkError,
  isNotLoggedInError,
  isSuspendedError,
  type LogoutReason,
  MemoryTokenStore,
} from '../../src/index';
import { FileTokenStore } from '../../src/node';
import { flushIO, TOKENS } from '../support/client';
import { type RecordedRequest, type Reply, useTestServer } from '../support/server';
import { settle } from '../support/stores';

const REFRESH_PATH = '/api/usermgmt/v2/accounts/refresh-token';

const server = useTestServer();
afterEach(() => {
  vi.useRealTimers();
});

function client(options: { refreshNetworkFailure?: 'logout' | 'keep-session' } = {}) {
  const store = new MemoryTokenStore({ ...TOKENS });
  let retries = 0;
  const made = createClient({
    baseURL: server.url,
    tokenStore: store,
    locks: null,
    timeoutMs: 0,
    hooks: { onRetry: () => retries++ },
    ...options,
  });
  const logouts: LogoutReason[] = [];
  made.session.on('logout', (reason) => logouts.push(reason));
  return { client: made, store, logouts, retries: () => retries };
}

/** 403 on every call; the refresh endpoint answers with `refresh`. */
function refuseWith(refresh: (request: RecordedRequest) => Reply): void {
  server.handle((request) => (request.path === REFRESH_PATH ? refresh(request) : { status: 403 }));
}

describe('a refresh answered 406', () => {
  it('is a suspension: logs out as suspended and the call fails with SuspendedError', async () => {
    refuseWith(() => ({ status: 406, body: { message: 'suspended' } }));
    const { client: c, store, logouts } = client();
    const { error } = await settle(c.accounts.userInfo());
    expect(isSuspendedError(error)).toBe(true);
    expect(logouts).toEqual(['suspended']);
    expect(store.get()).toBeNull();
  });
});

describe('a refresh the server refuses', () => {
  it('fails the waiting calls with NotLoggedInError caused by the refusal, so a client can say why', async () => {
    refuseWith(() => ({ status: 401, body: { message: 'Refresh token is not valid' } }));
    const { client: c, logouts } = client();
    const [first, second] = await Promise.all([settle(c.accounts.userInfo()), settle(c.settings.get())]);
    for (const { error } of [first, second]) {
      expect(isNotLoggedInError(error)).toBe(true);
      const cause = (error as { cause?: unknown }).cause;
      expect(isHttpError(cause) && cause.status).toBe(401);
    }
    expect(logouts).toEqual(['refresh-failed']);
  });
});

/**
 * A client on a real token file. `whenSettled` says what was true the moment a call settled:
 * whether it failed as not logged in, whether the file was still there, which logouts were
 * announced. The file's folder is removed after `run`.
 */
async function onTokenFile(
  run: (
    client: ReturnType<typeof createClient>,
    whenSettled: (call: Promise<unknown>) => Promise<unknown>,
  ) => Promise<void>,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'sdk-ended-'));
  try {
    const file = join(dir, 'tokens.json');
    writeFileSync(file, JSON.stringify(TOKENS), { mode: 0o600 });
    const made = createClient({ baseURL: server.url, tokenStore: new FileTokenStore(file), locks: null });
    const logouts: LogoutReason[] = [];
    made.session.on('logout', (reason) => logouts.push(reason));
    const whenSettled = (call: Promise<unknown>) =>
      call.then(
        () => 'answered',
        (error: unknown) => ({
          notLoggedIn: isNotLoggedInError(error),
          file: existsSync(file),
          logouts: [...logouts],
        }),
      );
    await run(made, whenSettled);
    expect(existsSync(`${file}.lock`)).toBe(false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('a call failed by the end of its session', () => {
  it('rejects only once that end is written: the token file is gone and the logout announced', async () => {
    // A script (or the CLI) exits on NotLoggedInError at once: before, the rejection came when the
    // session's scope ended, ahead of the store's clear, and the credentials outlived the process.
    refuseWith(() => ({ status: 401, body: { message: 'Refresh token is not valid' } }));
    await onTokenFile(async (made, whenSettled) => {
      const seen = await whenSettled(made.accounts.userInfo());
      expect(seen).toEqual({ notLoggedIn: true, file: false, logouts: ['refresh-failed'] });
    });
  });
});

describe('a call in flight when the member logs out', () => {
  it('rejects only once the logout is written: the token file is gone and the logout announced', async () => {
    // The call's answer never comes; the logout endpoint answers slowly, so the store's clear
    // comes well after the moment the session's scope ends.
    let arrived: () => void = () => {};
    const inFlight = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    server.handle(async (request) => {
      if (request.path.endsWith('/logout')) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        return { status: 200, body: { message: 'ok' } };
      }
      arrived();
      return new Promise<Reply>(() => {});
    });
    await onTokenFile(async (made, whenSettled) => {
      const call = whenSettled(made.accounts.userInfo());
      await inFlight;
      const logout = made.session.logout();
      expect(await call).toEqual({ notLoggedIn: true, file: false, logouts: ['user'] });
      await logout;
    });
  });
});

describe('a refresh that fails on the network after its retries', () => {
  async function driveRefreshRetries(made: ReturnType<typeof client>) {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    refuseWith(() => ({ drop: true }));
    const call = settle(made.client.accounts.userInfo());
    for (let retry = 1; retry <= 3; retry++) {
      await flushIO(() => made.retries() === retry);
      await vi.advanceTimersByTimeAsync(1_000);
    }
    await flushIO(() => server.requests.filter((r) => r.path === REFRESH_PATH).length === 4);
    const outcome = await call;
    expect(server.requests.filter((r) => r.path === REFRESH_PATH)).toHaveLength(4);
    return outcome;
  }

  it('logs out as refresh-failed by default (SPEC: a failed refresh logs out)', async () => {
    const made = client();
    const { error } = await driveRefreshRetries(made);
    expect(isNotLoggedInError(error)).toBe(true);
    expect(made.logouts).toEqual(['refresh-failed']);
    expect(made.store.get()).toBeNull();
  });

  it("keeps the stored session with refreshNetworkFailure: 'keep-session' (the CLI)", async () => {
    const made = client({ refreshNetworkFailure: 'keep-session' });
    const { error } = await driveRefreshRetries(made);
    expect(isNetworkError(error)).toBe(true);
    expect(made.logouts).toEqual([]);
    expect(made.store.get()).toEqual(TOKENS);
  });
});
