/**
 * What the catalogue says about repeating each call: marked per endpoint by what it does, not by
 * its method (a POST search only reads; a feature toggle is a PUT that switches back if repeated).
 */
import { describe, expect, it } from 'vitest';
import { endpointList } from '../../src/schemas/index';

const ids = (filter: (e: (typeof endpointList)[number]) => boolean) =>
  endpointList.filter(filter).map((e) => e.id);

describe('each entry says what sending it twice does', () => {
  it('every entry is read, idempotent or unsafe', () => {
    for (const entry of endpointList)
      expect(['read', 'idempotent', 'unsafe'], entry.id).toContain(entry.effect);
  });

  it('every GET only reads', () => {
    expect(ids((e) => e.method === 'GET' && e.effect !== 'read')).toEqual([]);
  });

  it('the POSTs that only read are the searches, aggregations and look-ups', () => {
    expect(ids((e) => e.method === 'POST' && e.effect === 'read').sort()).toEqual(
      [
        'accounts.bulkProfiles',
        'accounts.bulkStatus',
        'accounts.verifyUsername',
        'admin.searchUsers',
        'admin.searchVisits',
        'admin.userAggregations',
        'admin.visitAggregations',
        'images.bulk',
        'kyc.listRequests',
        'kyc.metrics',
        'locations.search',
        'recommendations.aggregateByDate',
      ].sort(),
    );
  });

  it('the only PUTs not safe to repeat are the feature toggles', () => {
    expect(ids((e) => e.method === 'PUT' && e.effect === 'unsafe')).toEqual([
      'features.toggle',
      'features.toggleSubfeature',
    ]);
  });

  it('whatever creates, sends or starts something is unsafe', () => {
    for (const id of [
      'accounts.register',
      'accounts.login',
      'accounts.refreshToken',
      'accounts.forgotPassword',
      'admin.createUser',
      'chats.sendMessage',
      'recommendations.sendRequest',
      'images.upload',
      'analytics.dau',
      'devices.register',
    ]) {
      expect(endpointList.find((e) => e.id === id)?.effect, id).toBe('unsafe');
    }
  });

  it("the admin's changes to a user are idempotent (a bulk run may repeat them)", () => {
    expect(ids((e) => e.id.startsWith('admin.') && e.effect === 'idempotent').sort()).toEqual(
      [
        'admin.changeUserEmail',
        'admin.changeUserRole',
        'admin.confirmUser',
        'admin.deactivateUser',
        'admin.deleteUser',
        'admin.reactivateUser',
        'admin.suspendUser',
        'admin.updateUser',
      ].sort(),
    );
  });
});
