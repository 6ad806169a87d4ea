/**
 * The roles a user can be given (SPEC.md section 6): 'General' marks an ordinary member, anyone
 * without it is an admin. The backend stores whatever role it is sent, so a typo (`general`,
 * `member`) would make an admin: `users set-role` and `bulk set-role` take only these names.
 */
import { MEMBER_ROLE } from '@matchmaker/sdk/rules';
import { usageError } from './exit';
import { closest } from './fields';

/** Each role and what giving it means, for the refusal and the confirmation. */
export const KNOWN_ROLES: Readonly<Record<string, { is: string; means: string }>> = {
  [MEMBER_ROLE]: {
    is: 'an ordinary member',
    means: 'an ordinary member: they lose the back office',
  },
  // The admin role of the reference backend (the sandbox's seeded admins have it).
  Admin: { is: 'the back office', means: 'they get the back office and leave the member areas' },
};

const NAMES = Object.keys(KNOWN_ROLES);

/** `role` when it is a known role's exact name, else a usage error naming them (exit 2). */
export function checkRole(typed: string): string {
  const role = typed.trim();
  if (role === '') throw usageError(`The role is empty: give one of ${NAMES.join(', ')}`);
  // Own names only: `constructor` or `toString` are not roles.
  if (Object.hasOwn(KNOWN_ROLES, role)) return role;
  // Staff search members with `--role member`; the role that makes one is General.
  const near = closest(role, NAMES);
  const hint = /^members?$/i.test(role)
    ? ` (a member's role is '${MEMBER_ROLE}')`
    : near
      ? ` (did you mean '${near}'?)`
      : '';
  const list = NAMES.map((name) => `${name} (${KNOWN_ROLES[name]?.is})`).join(' and ');
  throw usageError(`Unknown role '${role}'${hint}: the roles are ${list}; nothing was changed`);
}

/** What giving `role` (a known one) means, for a question. */
export function roleMeaning(role: string): string {
  return KNOWN_ROLES[role]?.means ?? role;
}
