/**
 * The part of a user that identifies them; a `User`, a public profile or an admin search row fits.
 * Both are optional: answers of some calls carry only one of them.
 */
export interface UserIdSubject {
  keycloakId?: string | null;
  id?: string | number | null;
}

/**
 * The id that names a user to every other call (subscriptions, images, chat, the back office):
 * the keycloakId, and where a user has none (SPEC.md section 1: "when a logged-in user has a
 * keycloakId"), the backend's own `id`. An empty string counts as missing, so a blank keycloakId
 * never hides a real id. Null when the user has neither.
 */
export function userIdOf(user: UserIdSubject | null | undefined): string | null {
  if (user == null) return null;
  if (typeof user.keycloakId === 'string' && user.keycloakId !== '') return user.keycloakId;
  if (typeof user.id === 'number' && Number.isFinite(user.id)) return String(user.id);
  if (typeof user.id === 'string' && user.id !== '') return user.id;
  return null;
}

/**
 * Whether `target` is the account of `caller` (the signed-in user): the caller's id (`userIdOf`)
 * is the target's keycloakId or its backend id, as a server that finds users by either sees it.
 * An admin may not lock out their own account this way (delete, deactivate, suspend, demote: the
 * API refuses with 409 OWN_ACCOUNT), so the back office and the CLI ask this before offering or
 * sending such an action. False when either side has no id.
 */
export function isOwnAccount(
  caller: UserIdSubject | null | undefined,
  target: UserIdSubject | null | undefined,
): boolean {
  const own = userIdOf(caller);
  if (own === null || target == null) return false;
  const ids = [target.keycloakId, target.id].filter((id) => id !== null && id !== undefined && id !== '');
  return ids.some((id) => String(id) === own);
}
