/** Changes to a member's account and profile fields, as the back office sends them. */

import type { World } from '../core/world';
import { isProfileField } from '../state/defaults';
import type { ProfileRecord, UserRecord } from '../state/types';
import { checkEmail, checkUsername, touchUser } from './accounts';

const BOOLEAN_FIELDS: ReadonlySet<keyof ProfileRecord> = new Set(['has_children', 'open_for_relocation']);

/**
 * Applies the known fields of `changes` (a request body) to the user. Keys are matched against
 * the profile field list as own keys, so `constructor`, `toString` or `__proto__` in a body are
 * ignored rather than written onto the profile (or through it).
 */
export function applyProfile(world: World, user: UserRecord, changes: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (key === 'username' && typeof value === 'string' && value !== user.username) {
      checkUsername(world, value, 'body.username', user);
      world.store.renameUser(user, { username: value });
    } else if (key === 'email' && typeof value === 'string' && value !== user.email) {
      checkEmail(world, value, 'body.email', user);
      world.store.renameUser(user, { email: value });
    } else if (key === 'first_name' || key === 'last_name') {
      user[key] = value === null ? '' : String(value);
    } else if (isProfileField(key)) {
      const profile: Record<keyof ProfileRecord, string | number | boolean | null> = user.profile;
      if (value === null || value === '') profile[key] = null;
      else if (key === 'height') profile[key] = Number.isFinite(Number(value)) ? Number(value) : null;
      else if (BOOLEAN_FIELDS.has(key)) profile[key] = value === true || value === 'true' || value === 'yes';
      else profile[key] = String(value);
    }
  }
  touchUser(world, user);
}
