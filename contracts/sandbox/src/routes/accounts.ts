/** /api/usermgmt/v2/accounts: registration, sessions, account flows and location. */
import { randomToken } from '../core/auth';
import { publicImages, publicProfileView, userView } from '../core/views';
import type { World } from '../core/world';
import {
  checkEmail,
  checkNewPassword,
  checkUsername,
  createAccount,
  logActivity,
  touchUser,
  usernameAvailable,
} from '../domain/accounts';
import { sendMail, useToken } from '../domain/mail';
import { applyProfile } from '../domain/profile';
import { isAdminUser } from '../http/access';
import { fieldError, notAllowed, notFound, unauthorized } from '../http/api-error';
import { checkPassword, hashPassword } from '../state/passwords';
import type { UserRecord } from '../state/types';
import type { HandlerMap } from './types';

/**
 * The member behind an id when `viewer` may see its profile: deleted accounts and profiles hidden
 * by their owner (`make_profile_visible: false`) are seen only by their owner and admins. Only
 * ids: an email or a username would make the call a lookup of who is registered.
 */
function visibleProfile(
  world: World,
  viewer: UserRecord | null,
  id: string | number,
): UserRecord | undefined {
  const user = world.store.user(id);
  if (!user) return undefined;
  if (viewer === user || (viewer && isAdminUser(viewer))) return user;
  if (user.is_deleted || world.store.settingsOf(user.keycloakId)?.make_profile_visible === false)
    return undefined;
  return user;
}

export const accountsHandlers: HandlerMap<'accounts'> = {
  'accounts.register': ({ world, body, baseUrl }) => {
    if (!body.agreed_to_terms) throw fieldError('body.agreed_to_terms', 'You must agree to the terms');
    checkEmail(world, body.email, 'body.email');
    checkUsername(world, body.username, 'body.username');
    checkNewPassword(body.password, 'body.password');
    const user = createAccount(world, {
      email: body.email.trim(),
      username: body.username.trim(),
      first_name: body.first_name.trim(),
      last_name: body.last_name.trim(),
      password: body.password,
      profile: { date_of_birth: body.date_of_birth || null, sex: body.sex || null },
      referrer: body.referrer ?? null,
    });
    sendMail(world, baseUrl, 'account-confirmation', user);
    return {
      message: 'Account created. Check your email to confirm it.',
      user: userView(world, baseUrl, user),
    };
  },

  'accounts.oauthUpdate': ({ world, body, user, baseUrl }) => {
    if (!user) throw unauthorized('Sign in with the identity provider first');
    // The member's own profile edit too (the contract has no other member call for it): every
    // profile field but the email, which changes only through the confirmed email-change flow.
    const { email: _email, ...changes } = body;
    applyProfile(world, user, changes);
    return { message: 'Account updated', user: userView(world, baseUrl, user) };
  },

  'accounts.verifyUsername': ({ world, body }) => {
    const available = usernameAvailable(world, body.username);
    return {
      username: body.username,
      available,
      message: available ? 'Username is available' : 'Username is not available',
    };
  },

  'accounts.login': ({ world, body, ip }) => {
    const user = world.store.userByEmail(body.email);
    if (!user || !checkPassword(user, body.password)) throw unauthorized('Invalid email or password');
    user.last_login_at = world.nowIso();
    logActivity(world, user, 'LOGIN', 'Logged in', ip);
    const tokens = world.auth.issue(user);
    return { ...tokens, user_id: user.keycloakId, roles: [...user.roles], is_deleted: user.is_deleted };
  },

  'accounts.logout': ({ world, token, user, ip }) => {
    if (token) world.auth.endSession(token);
    world.realtime.disconnectRevoked(user.keycloakId);
    logActivity(world, user, 'LOGOUT', 'Logged out', ip);
    return { message: 'Logged out' };
  },

  'accounts.publicProfile': ({ world, params, user, baseUrl }) => {
    const profile = visibleProfile(world, user, params.id);
    if (!profile) throw notFound('Profile');
    return {
      ...publicProfileView(world, baseUrl, profile),
      images: publicImages(world, baseUrl, profile.keycloakId),
    };
  },

  'accounts.bulkProfiles': ({ world, body, user, baseUrl }) => ({
    profiles: body.users
      .map((id) => visibleProfile(world, user, id))
      .filter((profile): profile is UserRecord => profile !== undefined)
      .map((profile) => publicProfileView(world, baseUrl, profile)),
  }),

  'accounts.userInfo': ({ world, user, baseUrl }) => userView(world, baseUrl, user),

  'accounts.refreshToken': ({ world, body }) => {
    const tokens = world.auth.refresh(body.refresh_token);
    if (!tokens) throw unauthorized('Refresh token expired, unknown or already used');
    return { ...tokens };
  },

  'accounts.forgotPassword': ({ world, body, baseUrl }) => {
    const user = world.store.userByEmail(body.email);
    if (user) sendMail(world, baseUrl, 'password-reset', user);
    // The same answer either way, so the call cannot be used to find out who is registered.
    return { message: 'If the address is registered, a password reset link has been sent' };
  },

  'accounts.resetPassword': ({ world, body }) => {
    const user = world.store.userByEmail(body.email);
    const record = user ? world.store.oneTimeToken(body.token) : undefined;
    if (!user || !record || record.user_id !== user.keycloakId || !useToken(world, body.token, 'reset')) {
      throw fieldError('body.token', 'Invalid or expired reset token');
    }
    checkNewPassword(body.new_password, 'body.new_password');
    setPassword(world, user, body.new_password);
    world.auth.revokeUser(user.keycloakId);
    world.realtime.disconnectRevoked(user.keycloakId);
    return { message: 'Password has been reset' };
  },

  'accounts.confirm': ({ world, body }) => {
    const record = useToken(world, body.token, 'confirm');
    const user = record ? world.store.user(record.user_id) : undefined;
    if (!user) throw fieldError('body.token', 'Invalid or expired confirmation token');
    user.confirmed = true;
    touchUser(world, user);
    return { message: 'Account confirmed', confirmed: true };
  },

  'accounts.sendAccountVerification': ({ world, body, baseUrl }) => {
    const user = world.store.userByEmail(body.email);
    if (user && !user.confirmed) sendMail(world, baseUrl, 'account-confirmation', user);
    return { message: 'If the account exists and is not confirmed yet, a verification link has been sent' };
  },

  'accounts.changePassword': ({ world, body, user, token, ip }) => {
    if (!checkPassword(user, body.old_password))
      throw fieldError('body.old_password', 'Current password is incorrect');
    checkNewPassword(body.new_password, 'body.new_password');
    setPassword(world, user, body.new_password);
    // Other sessions end; the one that changed the password stays logged in.
    world.auth.revokeUser(user.keycloakId, token);
    world.realtime.disconnectRevoked(user.keycloakId);
    logActivity(world, user, 'PASSWORD_CHANGE', 'Changed the password', ip);
    return { message: 'Password changed' };
  },

  'accounts.initiateEmailChange': ({ world, body, user, baseUrl }) => {
    if (!checkPassword(user, body.password)) throw fieldError('body.password', 'Password is incorrect');
    checkEmail(world, body.new_email, 'body.new_email', user);
    sendMail(world, baseUrl, 'email-change', user, { to: body.new_email, value: body.new_email });
    return { message: `A confirmation link has been sent to ${body.new_email}` };
  },

  'accounts.changeEmail': ({ world, body }) => {
    const record = world.store.oneTimeToken(body.token);
    if (!record || record.value?.toLowerCase() !== body.new_email.toLowerCase()) {
      throw fieldError('body.token', 'Invalid or expired email change token');
    }
    const spent = useToken(world, body.token, 'email-change');
    const user = spent ? world.store.user(spent.user_id) : undefined;
    if (!user) throw fieldError('body.token', 'Invalid or expired email change token');
    checkEmail(world, body.new_email, 'body.new_email', user);
    world.store.renameUser(user, { email: body.new_email });
    user.confirmed = true;
    touchUser(world, user);
    return { message: 'Email changed', email: user.email };
  },

  'accounts.bulkStatus': ({ world, body }) => ({
    status: body.users.map((id) => ({ user: id, online: world.realtime.isOnline(String(id)) ?? false })),
  }),

  'accounts.initiateUsernameChange': ({ world, body, user, baseUrl }) => {
    checkUsername(world, body.username, 'body.username', user);
    sendMail(world, baseUrl, 'username-change', user, { value: body.username });
    return { message: 'A confirmation link has been sent to your email address' };
  },

  'accounts.initiateAccountDeletion': ({ world, params, user, baseUrl, ip }) => {
    const target = world.store.findUser(params.userId);
    if (!target) throw notFound('User');
    if (target !== user && !isAdminUser(user)) throw notAllowed('You can only delete your own account');
    sendMail(world, baseUrl, 'account-deletion', target);
    // The account is marked deleted at once; logging in again leads to /account/reactivate.
    target.is_deleted = true;
    target.status = 'archived';
    touchUser(world, target);
    // A deleted account keeps no live channel: its sockets would go on receiving messages.
    world.realtime.disconnectUser(target.keycloakId);
    logActivity(world, target, 'DELETION_REQUESTED', 'Asked for the account to be deleted', ip);
    return { message: 'Account deletion initiated', is_deleted: true };
  },

  'accounts.deactivate': ({ world, user, ip }) => {
    user.status = 'deactivated';
    touchUser(world, user);
    logActivity(world, user, 'DEACTIVATE', 'Deactivated the account', ip);
    return { message: 'Account deactivated', status: user.status };
  },

  'accounts.activate': ({ world, user, ip }) => {
    user.status = 'active';
    user.is_deleted = false;
    touchUser(world, user);
    logActivity(world, user, 'ACTIVATE', 'Reactivated the account', ip);
    return { message: 'Account activated', status: user.status, is_deleted: false };
  },

  'accounts.changeUsername': ({ world, body, user }) => {
    const record = world.store.oneTimeToken(body.token);
    if (!record || record.user_id !== user.keycloakId || record.value !== body.username) {
      throw fieldError('body.token', 'Invalid or expired username change token');
    }
    if (!useToken(world, body.token, 'username-change'))
      throw fieldError('body.token', 'Invalid or expired username change token');
    checkUsername(world, body.username, 'body.username', user);
    world.store.renameUser(user, { username: body.username });
    touchUser(world, user);
    return { message: 'Username changed', username: user.username };
  },

  'accounts.updateLocation': ({ world, body, user }) => {
    user.profile.city = body.city;
    user.profile.country = body.country;
    user.country_code = body.country_code.toUpperCase();
    user.latitude = body.latitude;
    user.longitude = body.longitude;
    touchUser(world, user);
    return { message: 'Location updated', ...body };
  },
};

function setPassword(world: World, user: UserRecord, password: string): void {
  user.password_salt = randomToken(8);
  user.password_hash = hashPassword(password, user.password_salt);
  touchUser(world, user);
}
