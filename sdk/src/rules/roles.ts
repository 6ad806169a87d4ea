/** The role that marks an ordinary member (SPEC.md section 6). */
export const MEMBER_ROLE = 'General';

/**
 * The part of a user the role rules read; a full `User` fits. Both are optional: the rules also
 * judge users from other sources (a login answer, a cookie), where they may be missing.
 */
export interface RoleSubject {
  roles?: readonly string[] | null;
  is_deleted?: boolean | null;
}

/** A logged-in user whose roles include 'General'. The match is exact, as the backend sends it. */
export function isMember(user: RoleSubject | null | undefined): boolean {
  return user?.roles?.includes(MEMBER_ROLE) ?? false;
}

/**
 * A logged-in user without the 'General' role. SPEC.md says any user without it is an admin, so a
 * user whose roles are missing or null is an admin too; only the absence of a user is not.
 */
export function isAdmin(user: RoleSubject | null | undefined): boolean {
  return user != null && !isMember(user);
}

/** The account is deleted and can only be reactivated. Only a literal `true` counts. */
export function isDeleted(user: RoleSubject | null | undefined): boolean {
  return user?.is_deleted === true;
}
