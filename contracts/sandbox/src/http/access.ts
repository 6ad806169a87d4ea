/**
 * Who may call what, beyond the catalogue's `access`. The catalogue says whether a call needs a
 * session; SPEC.md section 6 says which operations are the back office's.
 */
import type { EndpointId } from '@matchmaker/sdk';
import { endpointList } from '@matchmaker/sdk/schemas';
import type { UserRecord } from '../state/types';

/** SPEC.md section 6: a user whose roles include 'General' is a member, anyone else an admin. */
export const MEMBER_ROLE = 'General';

export function isAdminUser(user: Pick<UserRecord, 'roles'>): boolean {
  return !user.roles.includes(MEMBER_ROLE);
}

/** Back-office operations: members calling them get 401 `{ message: 'Admin only' }`. */
export const ADMIN_ONLY: ReadonlySet<EndpointId> = new Set<EndpointId>([
  'admin.searchUsers',
  'admin.getUser',
  'admin.deactivateUser',
  'admin.reactivateUser',
  'admin.suspendUser',
  'admin.changeUserEmail',
  'admin.changeUserRole',
  'admin.confirmUser',
  'admin.updateUser',
  'admin.deleteUser',
  'admin.createUser',
  'admin.userAggregations',
  'admin.listReferrals',
  'admin.getUserLogs',
  'admin.searchVisits',
  'admin.visitAggregations',
  'kyc.metrics',
  'kyc.listRequests',
  'kyc.reviewRequest',
  'images.listFlagged',
  'images.decideFlagged',
  'features.toggle',
  'features.toggleSubfeature',
  'recommendations.popularPreferences',
  'recommendations.usedFilters',
  'recommendations.matchMetrics',
  'recommendations.aggregateByDate',
]);

/**
 * Calls a suspended account may still make with its token (the catalogue's `whenSuspended`:
 * logging out, and getting in or out of a session). Every other call carrying a suspended
 * account's token answers 406, as the OpenAPI document lists.
 */
export const ALLOWED_WHEN_SUSPENDED: ReadonlySet<EndpointId> = new Set(
  endpointList.filter((entry) => entry.whenSuspended === 'allowed').map((entry) => entry.id as EndpointId),
);

/**
 * Calls a deleted account (`is_deleted`) may make: getting in and out of a session, reading who it
 * is, and reactivating. Anything else answers 401 with `code: 'ACCOUNT_DELETED'` (see
 * `accountDeleted`): not 403, which the client answers with a token refresh, and not 406, which
 * it reads as a suspension and answers with a logout.
 */
export const ALLOWED_WHEN_DELETED: ReadonlySet<EndpointId> = new Set<EndpointId>([
  'accounts.login',
  'accounts.logout',
  'accounts.refreshToken',
  'accounts.userInfo',
  'accounts.activate',
]);
