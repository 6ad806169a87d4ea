import { mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CookieTokenStore, findStaleCookies, MemoryTokenStore } from '../../src/index';
import { FileTokenStore } from '../../src/node';
import { parseCookies } from '../../src/session/cookie-store';

const tokens = { accessToken: 'a.b.c', refreshToken: 'r/1+2=' };

describe('MemoryTokenStore', () => {
  it('keeps copies, so callers cannot mutate the stored tokens', () => {
    const store = new MemoryTokenStore();
    const mine = { ...tokens };
    store.set(mine);
    mine.accessToken = 'changed';
    expect(store.get()).toEqual(tokens);
    store.clear();
    expect(store.get()).toBeNull();
  });

  it('runs locked sections one at a time', async () => {
    const store = new MemoryTokenStore();
    const order: string[] = [];
    await Promise.all([
      store.withLock(async () => {
        order.push('a-start');
        await new Promise((r) => setTimeout(r, 10));
        order.push('a-end');
      }),
      store.withLock(async () => {
        order.push('b');
      }),
    ]);
    expect(order).toEqual(['a-start', 'a-end', 'b']);
  });
});

describe('CookieTokenStore', () => {
  function jar(initial = '') {
    const cookies = new Map(Object.entries(parseCookiesObject(initial)));
    const writes: string[] = [];
    return {
      writes,
      get cookie() {
        return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      },
      set cookie(line: string) {
        writes.push(line);
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq);
        if (/Max-Age=0/.test(line)) cookies.delete(name);
        else cookies.set(name, pair.slice(eq + 1));
      },
    };
  }
  function parseCookiesObject(header: string) {
    return Object.fromEntries([...parseCookies(header)].map(([k, v]) => [k, encodeURIComponent(v)]));
  }

  it('writes cookies valid 365 days, secure, on path /', () => {
    const j = jar();
    new CookieTokenStore({ jar: j }).set(tokens);
    expect(j.writes).toHaveLength(2);
    for (const line of j.writes) {
      expect(line).toContain('Max-Age=31536000');
      expect(line).toContain('Path=/');
      expect(line).toContain('Secure');
    }
  });

  it('round-trips tokens with reserved characters', () => {
    const store = new CookieTokenStore({ jar: jar() });
    store.set(tokens);
    expect(store.get()).toEqual(tokens);
  });

  it('is logged out exactly when the access-token cookie is missing', () => {
    expect(new CookieTokenStore({ jar: jar('refresh_token=r') }).get()).toBeNull();
    expect(new CookieTokenStore({ jar: jar('access_token=a') }).get()).toEqual({
      accessToken: 'a',
      refreshToken: '',
    });
  });

  it('clears the token cookies and the stale cookies of earlier clients', () => {
    const j = jar('access_token=a; refresh_token=r; preferences=x; images=y; theme=dark');
    const store = new CookieTokenStore({ jar: j });
    store.clear();
    expect(j.cookie).toBe('theme=dark');
  });

  it('finds stale cookies by name only', () => {
    expect(findStaleCookies('theme=dark; images=1; user=2')).toEqual(['images', 'user']);
    expect(findStaleCookies('userx=1; my_user=2')).toEqual([]);
  });

  it('refuses to start without a document or jar', () => {
    expect(() => new CookieTokenStore()).toThrow(/needs a document/);
  });
});

describe('FileTokenStore', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mm-tokens-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes a file only its owner can read (0600), creating folders', async () => {
    const path = join(dir, 'nested', 'session.json');
    const store = new FileTokenStore(path);
    await store.set(tokens);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(tokens);
    expect(await store.get()).toEqual(tokens);
  });

  it('answers null when there is no file, and clears', async () => {
    const store = new FileTokenStore(join(dir, 'none.json'));
    expect(await store.get()).toBeNull();
    await store.set(tokens);
    await store.clear();
    expect(await store.get()).toBeNull();
  });

  it('says which file is corrupt', async () => {
    const path = join(dir, 'bad.json');
    await writeFile(path, '{not json');
    await expect(new FileTokenStore(path).get()).rejects.toThrow(`Token file ${path} is not valid JSON`);
  });

  it('serialises locked sections of separate stores on one file (separate processes)', async () => {
    const path = join(dir, 'shared.json');
    const [first, second] = [new FileTokenStore(path), new FileTokenStore(path)];
    const order: string[] = [];
    const section = (name: string) => async () => {
      order.push(`${name}-start`);
      await new Promise((r) => setTimeout(r, 30));
      order.push(`${name}-end`);
    };
    await Promise.all([first.withLock(section('a')), second.withLock(section('b'))]);
    expect([order.slice(0, 2), order.slice(2)]).toEqual(
      order[0] === 'a-start'
        ? [
            ['a-start', 'a-end'],
            ['b-start', 'b-end'],
          ]
        : [
            ['b-start', 'b-end'],
            ['a-start', 'a-end'],
          ],
    );
    await expect(stat(`${path}.lock`)).rejects.toThrow();
  });

  it('takes over a lock left behind by a process that died', async () => {
    const path = join(dir, 'stale.json');
    await writeFile(`${path}.lock`, '999999');
    const old = new Date(Date.now() - 60_000);
    await utimes(`${path}.lock`, old, old);
    await expect(new FileTokenStore(path).withLock(async () => 'ran')).resolves.toBe('ran');
  });

  it('releases the lock when the locked section throws', async () => {
    const path = join(dir, 'throws.json');
    const store = new FileTokenStore(path);
    await expect(
      store.withLock(async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await expect(new FileTokenStore(path).withLock(async () => 'next')).resolves.toBe('next');
  });
});
