/**
 * An admin cannot delete, deactivate, suspend or demote their own account (that would lock them
 * out, the token then answering 403 or 406): the API answers 409 with a message and the code
 * `OWN_ACCOUNT`, and changes nothing. Another admin still can.
 */
import type { MatchmakerClient } from '@matchmaker/sdk';
import { describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/server';
import { accessToken } from '../support/http';
import { pathOf } from '../support/paths';
import { client, json, loggedIn, refusal, sandbox } from '../support/sandbox';

function adminOf(box: RunningSandbox) {
  const admin = box.world.store.userByEmail('admin@sandbox.test');
  if (!admin) throw new Error('the demo admin is missing');
  return admin;
}

const calls = (api: MatchmakerClient, id: string) => ({
  delete: () => api.admin.deleteUser(id),
  deactivate: () => api.admin.deactivateUser(id),
  suspend: () => api.admin.suspendUser(id),
  demote: () => api.admin.changeUserRole(id, { role: 'General' }),
});

describe("an admin's own account", () => {
  it('answers 409 OWN_ACCOUNT through the SDK to deleting, deactivating, suspending or demoting it', async () => {
    const box = await sandbox();
    const admin = adminOf(box);
    const api = await loggedIn(box, 'admin');
    for (const [action, call] of Object.entries(calls(api, admin.keycloakId))) {
      const { status, body } = await refusal(call());
      expect(status, action).toBe(409);
      expect(body, action).toEqual({
        message: expect.stringContaining('your own account'),
        code: 'OWN_ACCOUNT',
      });
    }
    // The API finds users by username and email too: the same account under another name.
    expect((await refusal(api.admin.deleteUser(admin.username))).status).toBe(409);
    expect(adminOf(box)).toMatchObject({ status: 'active', is_deleted: false, roles: admin.roles });
    await expect(api.accounts.userInfo()).resolves.toMatchObject({ email: 'admin@sandbox.test' });
    // A change of role that keeps the account an admin is not a demotion.
    await expect(api.admin.changeUserRole(admin.keycloakId, { role: 'Support' })).resolves.toBeTruthy();
  });

  it('answers the same to the API called directly', async () => {
    const box = await sandbox();
    const admin = adminOf(box);
    const headers = {
      authorization: `Bearer ${await accessToken(box.url, 'admin')}`,
      'content-type': 'application/json',
    };
    const id = admin.keycloakId;
    for (const [id_, init] of [
      ['admin.deleteUser', { method: 'DELETE' }],
      ['admin.deactivateUser', { method: 'PUT' }],
      ['admin.suspendUser', { method: 'PUT' }],
      ['admin.changeUserRole', { method: 'PUT', body: JSON.stringify({ role: 'General' }) }],
    ] as const) {
      const answer = await fetch(`${box.url}${pathOf(id_, { id })}`, { ...init, headers });
      expect(answer.status, id_).toBe(409);
      expect((await json<{ code: string }>(answer)).code, id_).toBe('OWN_ACCOUNT');
    }
    expect(adminOf(box)).toMatchObject({ status: 'active', is_deleted: false, roles: admin.roles });
  });

  it('lets another admin do it', async () => {
    const box = await sandbox();
    const first = adminOf(box);
    const api = await loggedIn(box, 'admin');
    const created = await api.admin.createUser({
      email: 'second.admin@sandbox.test',
      username: 'second.admin',
      first_name: 'Second',
      last_name: 'Admin',
      date_of_birth: '1980-01-01',
      sex: 'female',
      password: 'Second#Admin2026',
      agreed_to_terms: true,
    });
    await api.admin.changeUserRole(String(created.user.id), { role: 'Admin' });
    const other = client(box);
    await other.accounts.login({ email: 'second.admin@sandbox.test', password: 'Second#Admin2026' });
    await other.admin.changeUserRole(first.keycloakId, { role: 'General' });
    expect(adminOf(box).roles).toEqual(['General']);
  });
});
