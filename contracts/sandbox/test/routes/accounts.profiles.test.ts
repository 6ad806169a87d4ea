/**
 * Public profiles go only by member id, and a profile its owner hid (`make_profile_visible:
 * false`) stays hidden from other members through every call that shows profiles.
 */
import { describe, expect, it } from 'vitest';
import { accessToken, call } from '../support/http';
import { pathOf } from '../support/paths';
import { sandbox } from '../support/sandbox';

describe('public profiles', () => {
  it('are found by id only, never by email or username', async () => {
    const box = await sandbox();
    const token = await accessToken(box.url, 'member1');
    const other = box.world.store.userByEmail('member2@sandbox.test');
    if (!other) throw new Error('member2 is missing');
    const byId = await call(
      box.url,
      token,
      'GET',
      pathOf('accounts.publicProfile', { id: other.keycloakId }),
    );
    expect(byId.status).toBe(200);
    for (const key of [other.email, other.username, 'nobody@sandbox.test']) {
      const lookup = await call(box.url, token, 'GET', pathOf('accounts.publicProfile', { id: key }));
      expect(lookup.status, key).toBe(404);
      expect(JSON.stringify(lookup.body), key).not.toContain(other.keycloakId);
    }
  });

  it('hides a profile its owner hid from the bulk call as from the single one', async () => {
    const box = await sandbox();
    const owner = await accessToken(box.url, 'member5');
    expect(
      (await call(box.url, owner, 'PUT', pathOf('settings.update'), { make_profile_visible: false })).status,
    ).toBe(200);
    const hidden = box.world.store.userByEmail('member5@sandbox.test')?.keycloakId ?? '';
    const shown = box.world.store.userByEmail('member2@sandbox.test')?.keycloakId ?? '';

    const viewer = await accessToken(box.url, 'member1');
    expect(
      (await call(box.url, viewer, 'GET', pathOf('accounts.publicProfile', { id: hidden }))).status,
    ).toBe(404);
    const bulk = await call(box.url, viewer, 'POST', pathOf('accounts.bulkProfiles'), {
      users: [hidden, shown],
    });
    expect(bulk.status).toBe(200);
    const ids = (bulk.body.profiles as { keycloakId?: string; id?: string }[]).map(
      (profile) => profile.keycloakId ?? profile.id,
    );
    expect(ids).toEqual([shown]);

    // The owner and admins still see it.
    const own = await call(box.url, owner, 'POST', pathOf('accounts.bulkProfiles'), { users: [hidden] });
    expect((own.body.profiles as unknown[]).length).toBe(1);
    const admin = await accessToken(box.url, 'admin');
    const staff = await call(box.url, admin, 'POST', pathOf('accounts.bulkProfiles'), { users: [hidden] });
    expect((staff.body.profiles as unknown[]).length).toBe(1);
  });
});
