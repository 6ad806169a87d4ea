/** usermgmt, the back office: user management, referrals, logs, visits and aggregations. */
import { describe, expect, it } from 'vitest';
import { ADMIN, NEWCOMER, ONE_TIME, OTHER, RANGE } from '../../src/examples';
import { adminUserBody, range as answerRange, paging, series, typedProfileBody } from '../support/bodies';
import { adminClient } from '../support/clients';
import {
  eachLike,
  email,
  instant,
  integer,
  interaction,
  json,
  like,
  oneOf,
  pactWith,
  pageNumber,
  pageOf,
  pathOf,
  request,
  state,
  stateValue,
} from '../support/pact';

const pact = pactWith('usermgmt');
const asAdmin = state('adminLoggedIn', { adminId: ADMIN.adminId });
const subject = state('memberExists', { id: OTHER.id });
const token = ADMIN.accessToken;
const user = adminUserBody(OTHER.id, OTHER.username, OTHER.email);
/** Every change to a user answers the user as it now is. */
const done = (text: string) => json({ message: like(text), user });
const byIds = { bulk_ids: [stateValue('id', OTHER.id)] };
const range = { start_date: RANGE.start, end_date: RANGE.end, date_type: 'day' };

/** The admin calls that only name a user: path `{id}`, no body, a message back. */
const simpleCalls = [
  ['admin.deactivateUser', 'PUT', 'deactivates a member', 'User deactivated'],
  ['admin.suspendUser', 'PUT', 'suspends a member', 'User suspended'],
  ['admin.deleteUser', 'DELETE', 'deletes a member', 'User deleted'],
] as const;

describe('usermgmt: admin', () => {
  it('admin.searchUsers: a full page of 15', () => {
    // SPEC.md: user search pages hold 15. Sixteen members match; the first page holds exactly 15.
    const listed = { idPrefix: 'pact-listed-', count: '16' };
    const ids = Array.from({ length: 16 }, (_, index) => `${listed.idPrefix}${index + 1}`);
    return interaction(pact, 'admin.searchUsers', 'an admin searching 16 users, first page')
      .given(...asAdmin)
      .given(...state('numberedMembers', listed))
      .withRequest(
        'POST',
        pathOf('admin.searchUsers'),
        request({ token, body: { page: 1, size: 15, filters: { bulk_ids: ids } } }),
      )
      .willRespondWith(200, json({ users: pageOf(user, 15), ...paging(15, 1, 16) }))
      .executeTest(async (server) => {
        const answer = await adminClient(server).admin.searchUsers({ page: 1, filters: { bulk_ids: ids } });
        expect(answer).toMatchObject({ total: 16 });
      });
  });

  it('admin.searchUsers', () =>
    interaction(pact, 'admin.searchUsers', 'an admin searching users by id')
      .given(...asAdmin)
      .given(...subject)
      .withRequest(
        'POST',
        pathOf('admin.searchUsers'),
        request({ token, body: { page: 1, size: 15, filters: byIds } }),
      )
      .willRespondWith(200, json({ users: eachLike(user), ...paging(15, 1, 1) }))
      .executeTest(async (server) => {
        const answer = await adminClient(server).admin.searchUsers({
          page: 1,
          filters: { bulk_ids: [OTHER.id] },
        });
        expect(answer).toMatchObject({ total: 1 });
      }));

  it('admin.searchUsers answers an empty page past the last one', () =>
    interaction(pact, 'admin.searchUsers', 'an admin asking for the page after the last one')
      .given(...asAdmin)
      .given(...subject)
      .withRequest(
        'POST',
        pathOf('admin.searchUsers'),
        request({ token, body: { page: 2, size: 15, filters: byIds } }),
      )
      .willRespondWith(200, json({ users: [], ...paging(15, 2, 1) }))
      .executeTest(async (server) => {
        const answer = await adminClient(server).admin.searchUsers({
          page: 2,
          filters: { bulk_ids: [OTHER.id] },
        });
        expect(answer).toMatchObject({ users: [] });
      }));

  it('admin.getUser', () =>
    interaction(pact, 'admin.getUser', 'an admin reading the detail of a member')
      .given(...asAdmin)
      .given(...subject)
      .withRequest('GET', pathOf('admin.getUser', { id: OTHER.id }), request({ token }))
      .willRespondWith(200, json({ ...user, ...typedProfileBody() }))
      .executeTest(async (server) => {
        expect(await adminClient(server).admin.getUser(OTHER.id)).toMatchObject({ username: OTHER.username });
      }));

  for (const [id, method, what, reply] of simpleCalls) {
    it(id, () =>
      interaction(pact, id, `an admin who ${what}`)
        .given(...asAdmin)
        .given(...subject)
        .withRequest(method, pathOf(id, { id: OTHER.id }), request({ token }))
        .willRespondWith(
          200,
          id === 'admin.deleteUser' ? json({ message: like(reply), id: like(OTHER.id) }) : done(reply),
        )
        .executeTest(async (server) => {
          const admin = adminClient(server).admin;
          if (id === 'admin.deactivateUser') await admin.deactivateUser(OTHER.id);
          if (id === 'admin.suspendUser') await admin.suspendUser(OTHER.id);
          if (id === 'admin.deleteUser') await admin.deleteUser(OTHER.id);
        }),
    );
  }

  it('admin.reactivateUser', () =>
    interaction(pact, 'admin.reactivateUser', 'an admin who reactivates a deactivated member')
      .given(...asAdmin)
      .given(...state('accountDeactivated', { id: OTHER.id }))
      .withRequest('PUT', pathOf('admin.reactivateUser', { id: OTHER.id }), request({ token }))
      .willRespondWith(200, done('User reactivated'))
      .executeTest(async (server) => {
        await adminClient(server).admin.reactivateUser(OTHER.id);
      }));

  it('admin.confirmUser', () =>
    interaction(pact, 'admin.confirmUser', 'an admin who confirms an unconfirmed member')
      .given(...asAdmin)
      .given(...state('unconfirmed', { id: OTHER.id, email: OTHER.email, token: ONE_TIME.confirmToken }))
      .withRequest('PUT', pathOf('admin.confirmUser', { id: OTHER.id }), request({ token }))
      .willRespondWith(200, done('User confirmed'))
      .executeTest(async (server) => {
        await adminClient(server).admin.confirmUser(OTHER.id);
      }));

  it('admin.changeUserEmail', () =>
    interaction(pact, 'admin.changeUserEmail', "an admin who changes a member's email address")
      .given(...asAdmin)
      .given(...subject)
      .withRequest(
        'PUT',
        pathOf('admin.changeUserEmail', { id: OTHER.id }),
        request({ token, body: { email: email('chidi.admin@example.com') } }),
      )
      .willRespondWith(200, done('Email changed'))
      .executeTest(async (server) => {
        await adminClient(server).admin.changeUserEmail(OTHER.id, { email: 'chidi.admin@example.com' });
      }));

  it('admin.changeUserRole', () =>
    interaction(pact, 'admin.changeUserRole', "an admin who changes a member's role")
      .given(...asAdmin)
      .given(...subject)
      .withRequest(
        'PUT',
        pathOf('admin.changeUserRole', { id: OTHER.id }),
        request({ token, body: { role: 'General' } }),
      )
      .willRespondWith(200, done('Role changed'))
      .executeTest(async (server) => {
        await adminClient(server).admin.changeUserRole(OTHER.id, { role: 'General' });
      }));

  it('admin.updateUser', () =>
    interaction(pact, 'admin.updateUser', "an admin who edits a member's profile")
      .given(...asAdmin)
      .given(...subject)
      .withRequest(
        'PUT',
        pathOf('admin.updateUser', { id: OTHER.id }),
        request({ token, body: { about: like('Engineer who loves choir music'), city: like('Abuja') } }),
      )
      .willRespondWith(200, done('User updated'))
      .executeTest(async (server) => {
        await adminClient(server).admin.updateUser(OTHER.id, {
          about: 'Engineer who loves choir music',
          city: 'Abuja',
        });
      }));

  it('admin.createUser', () => {
    const account = {
      first_name: 'Ngozi',
      last_name: 'Eze',
      username: NEWCOMER.username,
      date_of_birth: '1994-05-12',
      sex: 'female',
      email: NEWCOMER.email,
      password: 'Ngozi#Contract1',
    };
    return interaction(pact, 'admin.createUser', 'an admin who creates an account')
      .given(...asAdmin)
      .given(...state('emailAndUsernameFree', { email: NEWCOMER.email, username: NEWCOMER.username }))
      .withRequest('POST', pathOf('admin.createUser'), request({ token, body: account }))
      .willRespondWith(
        200,
        json({
          message: like('User created'),
          user: adminUserBody(OTHER.id, NEWCOMER.username, NEWCOMER.email),
        }),
      )
      .executeTest(async (server) => {
        await adminClient(server).admin.createUser(account);
      });
  });

  it('admin.userAggregations', () =>
    interaction(pact, 'admin.userAggregations', 'an admin counting users over a date range')
      .given(...asAdmin)
      .withRequest('POST', pathOf('admin.userAggregations'), request({ token, body: range }))
      .willRespondWith(
        200,
        json({
          ...answerRange,
          total: integer(120),
          members: integer(118),
          admins: integer(2),
          registrations: series,
        }),
      )
      .executeTest(async (server) => {
        await adminClient(server).admin.userAggregations(range);
      }));

  it('admin.listReferrals', () =>
    interaction(pact, 'admin.listReferrals', 'an admin listing the referrals of a member')
      .given(...asAdmin)
      .given(...state('referral', { id: OTHER.id, username: OTHER.username }))
      .withRequest(
        'GET',
        pathOf('admin.listReferrals'),
        request({ token, query: { page: pageNumber(1), username: OTHER.username } }),
      )
      .willRespondWith(
        200,
        json({
          referrals: eachLike({
            id: like('pact-referral-1'),
            referrer_id: like(OTHER.id),
            referred_id: like('pact-member-5'),
            status: oneOf(['REGISTERED', 'CONFIRMED', 'SUBSCRIBED'], 'REGISTERED'),
            referrer: { id: like(OTHER.id), username: like(OTHER.username) },
            referred: { id: like('pact-member-5'), username: like(NEWCOMER.username) },
            created_at: instant(),
          }),
          ...paging(15),
        }),
      )
      .executeTest(async (server) => {
        await adminClient(server).admin.listReferrals({ page: 1, username: OTHER.username });
      }));

  it('admin.getUserLogs', () =>
    interaction(pact, 'admin.getUserLogs', 'an admin reading the activity logs of a member')
      .given(...asAdmin)
      .given(...state('activity', { id: OTHER.id }))
      .withRequest('GET', pathOf('admin.getUserLogs', { id: OTHER.id }), request({ token }))
      .willRespondWith(
        200,
        json({
          user_id: like(OTHER.id),
          logs: eachLike({
            id: like('pact-log-1'),
            user_id: like(OTHER.id),
            action: like('LOGIN'),
            created_at: instant(),
          }),
        }),
      )
      .executeTest(async (server) => {
        await adminClient(server).admin.getUserLogs(OTHER.id);
      }));

  it('admin.searchVisits', () =>
    interaction(pact, 'admin.searchVisits', 'an admin searching the page visits of a member')
      .given(...asAdmin)
      .given(...state('activity', { id: OTHER.id }))
      .withRequest(
        'POST',
        pathOf('admin.searchVisits'),
        request({ token, body: { page: 1, filters: { user_id: stateValue('id', OTHER.id) } } }),
      )
      .willRespondWith(
        200,
        json({
          visits: eachLike({
            id: like('pact-visit-1'),
            user_id: like(OTHER.id),
            path: like('/matches'),
            created_at: instant(),
          }),
          ...paging(15),
        }),
      )
      .executeTest(async (server) => {
        await adminClient(server).admin.searchVisits({ page: 1, filters: { user_id: OTHER.id } });
      }));

  it('admin.visitAggregations', () =>
    interaction(pact, 'admin.visitAggregations', 'an admin counting page visits over a date range')
      .given(...asAdmin)
      .withRequest('POST', pathOf('admin.visitAggregations'), request({ token, body: range }))
      .willRespondWith(
        200,
        json({ ...answerRange, total: integer(40), unique_visitors: integer(12), by_date: series }),
      )
      .executeTest(async (server) => {
        await adminClient(server).admin.visitAggregations(range);
      }));
});
