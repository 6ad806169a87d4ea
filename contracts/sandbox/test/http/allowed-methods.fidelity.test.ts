/**
 * 405 as a real backend answers it: `Allow` names HEAD wherever GET is (HEAD is answered there);
 * a 405 or 404 counts against `--rate-limit` like any request; and a path two templates match,
 * each with a static segment where the other has a parameter, goes to the one with the method.
 */
import { describe, expect, it } from 'vitest';
import { accessToken } from '../support/http';
import { pathOf } from '../support/paths';
import { sandbox } from '../support/sandbox';

describe('405 fidelity', () => {
  it('lists HEAD in Allow where GET is, and answers HEAD there', async () => {
    const box = await sandbox();
    const settings = `${box.url}${pathOf('settings.get')}`;
    const refused = await fetch(settings, { method: 'DELETE' });
    expect(refused.status).toBe(405);
    expect(refused.headers.get('allow')).toBe('GET, HEAD, POST, PUT');
    const token = await accessToken(box.url, 'member1');
    const head = await fetch(settings, { method: 'HEAD', headers: { authorization: `Bearer ${token}` } });
    expect(head.status).toBe(200);
    // A path without GET does not offer HEAD.
    const search = await fetch(`${box.url}${pathOf('admin.searchUsers')}`, { method: 'GET' });
    expect(search.headers.get('allow')).toBe('POST');
  });

  it('counts 405s and 404s against --rate-limit', async () => {
    const box = await sandbox();
    box.faults.rateLimit = 2;
    const statuses: number[] = [];
    for (const [method, path] of [
      ['DELETE', pathOf('settings.get')],
      ['GET', '/api/usermgmt/v2/no-such-path'],
      ['DELETE', pathOf('settings.get')],
      ['GET', '/api/usermgmt/v2/no-such-path'],
    ] as const)
      statuses.push((await fetch(`${box.url}${path}`, { method })).status);
    // The window may roll over once during the four requests.
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(1);
  });

  it('answers a POST to accounts/public/initiate-account-deletion as that operation, not 405', async () => {
    const box = await sandbox();
    const token = await accessToken(box.url, 'member1');
    const answer = await fetch(
      `${box.url}${pathOf('accounts.initiateAccountDeletion', { userId: 'public' })}`,
      { method: 'POST', headers: { authorization: `Bearer ${token}` } },
    );
    expect(answer.status).not.toBe(405);
    expect([401, 404]).toContain(answer.status);
  });
});
