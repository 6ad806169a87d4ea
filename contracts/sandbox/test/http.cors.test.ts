import { describe, expect, it } from 'vitest';
import { pathOf } from './support/paths';
import { sandbox } from './support/sandbox';

describe('cross-origin calls (web dev server on another port)', () => {
  it('answers preflights and echoes the origin, and never lets answers be cached', async () => {
    const box = await sandbox();
    const origin = 'http://localhost:5173';
    const preflight = await fetch(`${box.url}${pathOf('accounts.login')}`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization,cache-control,pragma',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    const answer = await fetch(`${box.url}${pathOf('features.list')}`, { headers: { origin } });
    expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});
