import { ADMIN_USERS_PAGE_SIZE } from '../constants';
import { adminEndpoints as e } from '../endpoints/admin';
import type { CallOptions } from '../endpoints/define';
import type {
  AggregationQuery,
  ChangeUserEmailInput,
  ChangeUserRoleInput,
  CreateUserInput,
  ReferralsInput,
  UpdateUserInput,
  UserSearchInput,
  VisitSearchInput,
} from '../schemas/admin';
import type { Id } from '../schemas/common';
import type { ServiceContext } from './context';

/** The back office's user management and logs, /api/usermgmt/v2/admin. */
export function createAdminService(ctx: ServiceContext) {
  const { transport } = ctx;
  return {
    /** Searches users, 15 per page; `filters` (such as `bulk_ids`) defaults to none. */
    searchUsers: ({ page, filters }: UserSearchInput, options?: CallOptions) =>
      transport.call(
        e.searchUsers,
        { body: { page, size: ADMIN_USERS_PAGE_SIZE, filters: filters ?? {} } },
        options,
      ),

    /** Reads the detail of one user. */
    getUser: (id: Id, options?: CallOptions) => transport.call(e.getUser, { params: { id } }, options),

    /** Deactivates a user. */
    deactivateUser: (id: Id, options?: CallOptions) =>
      transport.call(e.deactivateUser, { params: { id } }, options),

    /** Reactivates a deactivated or archived user. */
    reactivateUser: (id: Id, options?: CallOptions) =>
      transport.call(e.reactivateUser, { params: { id } }, options),

    /** Suspends a user (their next call answers 406 and logs them out). */
    suspendUser: (id: Id, options?: CallOptions) =>
      transport.call(e.suspendUser, { params: { id } }, options),

    /** Changes a user's email address to `{ email }`. */
    changeUserEmail: (id: Id, body: ChangeUserEmailInput, options?: CallOptions) =>
      transport.call(e.changeUserEmail, { params: { id }, body }, options),

    /** Changes a user's role to `{ role }`, such as 'General'. */
    changeUserRole: (id: Id, body: ChangeUserRoleInput, options?: CallOptions) =>
      transport.call(e.changeUserRole, { params: { id }, body }, options),

    /** Confirms a user's account. */
    confirmUser: (id: Id, options?: CallOptions) =>
      transport.call(e.confirmUser, { params: { id } }, options),

    /** Edits a user's profile; only the profile fields given are sent. */
    updateUser: (id: Id, body: UpdateUserInput, options?: CallOptions) =>
      transport.call(e.updateUser, { params: { id }, body }, options),

    /** Deletes a user. */
    deleteUser: (id: Id, options?: CallOptions) => transport.call(e.deleteUser, { params: { id } }, options),

    /** Creates an account with registration-like fields. */
    createUser: (body: CreateUserInput, options?: CallOptions) =>
      transport.call(e.createUser, { body }, options),

    /** Aggregates users over an optional date range. */
    userAggregations: (body: AggregationQuery = {}, options?: CallOptions) =>
      transport.call(e.userAggregations, { body }, options),

    /** Lists referrals page by page; `username` narrows them (sent empty when absent). */
    listReferrals: ({ page, username }: ReferralsInput, options?: CallOptions) =>
      transport.call(e.listReferrals, { query: { page, username: username ?? '' } }, options),

    /** Reads the logs of one user. */
    getUserLogs: (id: Id, options?: CallOptions) =>
      transport.call(e.getUserLogs, { params: { id } }, options),

    /** Searches the visit logs. */
    searchVisits: (body: VisitSearchInput = {}, options?: CallOptions) =>
      transport.call(e.searchVisits, { body }, options),

    /** Aggregates the visit logs over an optional date range. */
    visitAggregations: (body: AggregationQuery = {}, options?: CallOptions) =>
      transport.call(e.visitAggregations, { body }, options),
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
