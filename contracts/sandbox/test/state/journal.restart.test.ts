import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { startSandbox } from '../../src/server';
import { pathOf } from '../support/paths';
import { loggedIn } from '../support/sandbox';
import { scratchDir } from '../support/scratch';

describe('persistence', () => {
  it('keeps the state across a restart with --data, written atomically', async () => {
    const dir = scratchDir('sandbox-data-');
    const file = join(dir, 'state.json');
    const first = await startSandbox({ port: 0, dataFile: file, persistDebounceMs: 20 });
    const api = await loggedIn(first, 'member1');
    await api.settings.update({ notification_interval: 'weekly', allow_newsletter: false });
    const tokens = await api.session.getTokens();
    await first.close();

    expect(existsSync(file)).toBe(true);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(JSON.parse(readFileSync(file, 'utf8')).version).toBe(1);

    const second = await startSandbox({ port: 0, dataFile: file });
    try {
      // The same session still works: tokens live in the state too.
      const response = await fetch(`${second.url}${pathOf('settings.get')}`, {
        headers: { authorization: `Bearer ${tokens?.accessToken}` },
      });
      expect(response.status).toBe(200);
      const settings = (await response.json()) as Record<string, unknown>;
      expect(settings).toMatchObject({ notification_interval: 'weekly', allow_newsletter: false });
    } finally {
      await second.close();
    }
  });

  it('writes changes made from code (not through a request) to the snapshot, debounced', async () => {
    const dir = scratchDir('sandbox-data-');
    const file = join(dir, 'state.json');
    const box = await startSandbox({ port: 0, dataFile: file, persistDebounceMs: 20 });
    try {
      const user = box.world.store.userByEmail('member2@sandbox.test');
      box.world.store.data.devices.push({
        id: 'device-from-code',
        user_id: user?.keycloakId ?? '',
        location: 'Salt Lake City, United States',
        type: 'BROWSER',
        active: true,
        created_at: box.world.nowIso(),
      });
      box.world.store.touch();
      // Debounced by 20 ms; waiting for the file rather than a fixed time keeps a loaded machine green.
      await vi.waitFor(
        () => {
          const saved = JSON.parse(readFileSync(file, 'utf8')) as { devices: { id: string }[] };
          expect(saved.devices.map((device) => device.id)).toContain('device-from-code');
        },
        { timeout: 5_000, interval: 25 },
      );
    } finally {
      await box.close();
    }
  });
});
