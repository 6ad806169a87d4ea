import { describe, expect, it } from 'vitest';
import { parseCli } from '../../src/cli-options';
import { pathOf } from '../support/paths';
import { sandbox } from '../support/sandbox';

const FEATURES = pathOf('features.list');

describe('rate-limit fault', () => {
  it('answers 429 with Retry-After past N API requests in a second, and lets other paths through', async () => {
    const box = await sandbox({ rateLimit: 5 });
    const statuses = await Promise.all(
      Array.from({ length: 12 }, () => fetch(`${box.url}${FEATURES}`).then((r) => r)),
    );
    const ok = statuses.filter((response) => response.status === 200);
    const limited = statuses.filter((response) => response.status === 429);
    // The window may roll over during the burst, so allow one more window's worth of successes.
    expect(ok.length).toBeGreaterThanOrEqual(5);
    expect(ok.length).toBeLessThanOrEqual(10);
    expect(limited.length).toBe(12 - ok.length);
    const retryAfter = Number(limited[0]?.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(limited[0]?.headers.get('x-sandbox-fault')).toBe('rate-limit');
    expect((await fetch(`${box.url}/sandbox/health`)).status).toBe(200);
  });

  it('serves again once the window has passed', async () => {
    const box = await sandbox({ rateLimit: 2 });
    for (let i = 0; i < 4; i++) await fetch(`${box.url}${FEATURES}`);
    expect((await fetch(`${box.url}${FEATURES}`)).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    expect((await fetch(`${box.url}${FEATURES}`)).status).toBe(200);
  });

  it('is off by default and can be turned on at run time', async () => {
    const box = await sandbox();
    for (let i = 0; i < 20; i++) expect((await fetch(`${box.url}${FEATURES}`)).status).toBe(200);
    box.faults.rateLimit = 1;
    await fetch(`${box.url}${FEATURES}`);
    expect((await fetch(`${box.url}${FEATURES}`)).status).toBe(429);
  });

  it('takes --rate-limit N from the command line and refuses nonsense', () => {
    expect(parseCli(['--port', '0', '--rate-limit', '50'])).toMatchObject({ rateLimit: 50 });
    expect(() => parseCli(['--rate-limit', '0'])).toThrow(/rate limit/);
    expect(() => parseCli(['--rate-limit', 'fast'])).toThrow(/rate limit/);
  });
});
