/** Account rules shared by registration, admin creation and social sign-in. */
import { randomToken } from '../core/auth';
import type { World } from '../core/world';
import { fieldError } from '../http/api-error';
import { MEMBER_ROLES } from '../seed/demo-accounts';
import { DEFAULT_SETTINGS, EMPTY_PROFILE } from '../state/defaults';
import { hashPassword } from '../state/passwords';
import { recordedUuid } from '../state/recording';
import type { ProfileRecord, UserRecord } from '../state/types';

export const MIN_PASSWORD_LENGTH = 8;

export function checkNewPassword(password: string, path: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw fieldError(path, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USERNAME = /^[A-Za-z0-9._-]{3,30}$/;

export function checkEmail(world: World, email: string, path: string, self?: UserRecord): void {
  if (!EMAIL.test(email)) throw fieldError(path, 'Invalid email address');
  const owner = world.store.userByEmail(email);
  if (owner && owner !== self) throw fieldError(path, 'Email already registered');
}

export function checkUsername(world: World, username: string, path: string, self?: UserRecord): void {
  if (!USERNAME.test(username)) {
    throw fieldError(path, 'Username must be 3 to 30 letters, digits, dots, dashes or underscores');
  }
  const owner = world.store.userByUsername(username);
  if (owner && owner !== self) throw fieldError(path, 'Username already taken');
}

export function usernameAvailable(world: World, username: string): boolean {
  return USERNAME.test(username) && !world.store.userByUsername(username);
}

export interface NewAccount {
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  password: string;
  roles?: string[];
  profile?: Partial<ProfileRecord>;
  referrer?: string | null;
  confirmed?: boolean;
  provider?: UserRecord['provider'];
}

export function createAccount(world: World, input: NewAccount): UserRecord {
  const now = world.nowIso();
  const salt = randomToken(8);
  const user: UserRecord = {
    keycloakId: recordedUuid(),
    username: input.username,
    first_name: input.first_name,
    last_name: input.last_name,
    email: input.email,
    profile: { ...EMPTY_PROFILE, ...input.profile },
    roles: input.roles ?? [...MEMBER_ROLES],
    is_deleted: false,
    status: 'active',
    confirmed: input.confirmed ?? false,
    password_salt: salt,
    password_hash: hashPassword(input.password, salt),
    country_code: null,
    latitude: null,
    longitude: null,
    referrer: null,
    provider: input.provider ?? 'password',
    created_at: now,
    updated_at: now,
    last_login_at: null,
    last_seen_at: null,
  };
  world.store.addUser(user);
  world.store.data.settings[user.keycloakId] = { ...DEFAULT_SETTINGS };
  if (input.referrer) recordReferral(world, user, input.referrer);
  logActivity(world, user, 'REGISTER', 'Created the account', '127.0.0.1');
  return user;
}

/** A referrer is named by username or by the referral code derived from it. */
function recordReferral(world: World, user: UserRecord, referrer: string): void {
  const code = referrer.trim().toUpperCase();
  const by =
    world.store.userByUsername(referrer) ??
    Object.values(world.store.data.users).find((candidate) => referralCode(candidate) === code);
  if (!by || by === user) return;
  user.referrer = by.username;
  world.store.data.referrals.push({
    id: world.store.nextId('ref'),
    referrer_id: by.keycloakId,
    referred_id: user.keycloakId,
    code: referralCode(by),
    status: 'REGISTERED',
    created_at: world.nowIso(),
  });
}

export function referralCode(user: UserRecord): string {
  return user.username
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 8);
}

export function logActivity(
  world: World,
  user: UserRecord,
  action: string,
  detail: string,
  ip: string,
): void {
  world.store.addActivity({
    id: world.store.nextId('log'),
    user_id: user.keycloakId,
    action,
    detail,
    ip,
    created_at: world.nowIso(),
  });
}

export function touchUser(world: World, user: UserRecord): void {
  user.updated_at = world.nowIso();
}
