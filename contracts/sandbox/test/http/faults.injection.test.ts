import { describe, expect, it } from 'vitest';
import { pathOf } from '../support/paths';
import { sandbox } from '../support/sandbox';

const FEATURES = pathOf('features.list');

describe('fault injection', () => {
  it('answers every API call with a 5xx at fail rate 1, and leaves other paths alone', async () => {
    const box = await sandbox({ failRate: 1 });
    for (let i = 0; i < 10; i++) {
      const response = await fetch(`${box.url}${FEATURES}`);
      expect(response.status).toBeGreaterThanOrEqual(500);
      expect(response.headers.get('x-sandbox-fault')).toBe('injected');
    }
    expect((await fetch(`${box.url}/sandbox/health`)).status).toBe(200);
    expect((await fetch(`${box.url}/api/1/envelope/`, { method: 'POST', body: '{}' })).status).toBe(200);
  });

  it('fails about the configured share of calls', async () => {
    const box = await sandbox({ failRate: 0.3 });
    let failed = 0;
    for (let i = 0; i < 200; i++) if ((await fetch(`${box.url}${FEATURES}`)).status >= 500) failed += 1;
    expect(failed).toBeGreaterThan(30);
    expect(failed).toBeLessThan(95);
  });

  it('adds latency in the configured range', async () => {
    // Far apart, so that a loaded machine's slow answer is not taken for the latency: the
    // health check took 152 ms beside the browser tests, against a limit of 100 beside 120-160.
    const box = await sandbox({ latencyMs: { min: 800, max: 900 } });
    const started = performance.now();
    await fetch(`${box.url}${FEATURES}`);
    expect(performance.now() - started).toBeGreaterThanOrEqual(795);
    const calm = performance.now();
    await fetch(`${box.url}/sandbox/health`);
    expect(performance.now() - calm).toBeLessThan(500);
  });

  it('limits faults to a path prefix', async () => {
    const box = await sandbox({ failRate: 1, faultPrefix: '/api/chats' });
    expect((await fetch(`${box.url}${FEATURES}`)).status).toBe(200);
    expect((await fetch(`${box.url}${pathOf('chats.listRooms')}`)).status).toBeGreaterThanOrEqual(500);
  });

  it('changes fault settings at run time', async () => {
    const box = await sandbox();
    expect((await fetch(`${box.url}${FEATURES}`)).status).toBe(200);
    const put = await fetch(`${box.url}/sandbox/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ failRate: 1 }),
    });
    expect(put.status).toBe(200);
    expect((await fetch(`${box.url}${FEATURES}`)).status).toBeGreaterThanOrEqual(500);
    box.faults.failRate = 0;
    expect((await fetch(`${box.url}${FEATURES}`)).status).toBe(200);
  });
});
