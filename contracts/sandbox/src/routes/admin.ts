/** /api/usermgmt/v2/admin: the back office's user management, logs and aggregations. */
import { ADMIN_USERS_PAGE_SIZE } from '@matchmaker/sdk/rules';
import { currentSubscription, imageView, paginate, userView } from '../core/views';
import type { World } from '../core/world';
import {
  checkEmail,
  checkNewPassword,
  checkUsername,
  createAccount,
  logActivity,
  touchUser,
} from '../domain/accounts';
import { countBy, inRange, parseBucket, parseRange, rangeView, series } from '../domain/analytics';
import { applyProfile } from '../domain/profile';
import { isAdminUser, MEMBER_ROLE } from '../http/access';
import { notFound, ownAccount } from '../http/api-error';
import type { UserRecord, VisitRecord } from '../state/types';
import type { HandlerMap } from './types';

function target(world: World, id: string | number): UserRecord {
  const user = world.store.findUser(id);
  if (!user) throw notFound('User');
  return user;
}

/** The user to lock out, unless it is the admin's own account (found by id, username or email alike). */
function otherThan(admin: UserRecord, world: World, id: string | number, doing: string): UserRecord {
  const user = target(world, id);
  if (user.keycloakId === admin.keycloakId) throw ownAccount(doing);
  return user;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : undefined;

/**
 * Filters are open-ended (SPEC.md: "filters such as bulk_ids"); these are the ones understood.
 * The filter is compiled once per search into a list of checks, so an empty filter costs nothing
 * per user (search is the back office's busiest call).
 */
function compileFilter(filters: Record<string, unknown>): (user: UserRecord) => boolean {
  const checks: ((user: UserRecord) => boolean)[] = [];
  const ids = filters.bulk_ids;
  if (Array.isArray(ids) && ids.length > 0) {
    const wanted = new Set(ids.map(String));
    checks.push((user) => wanted.has(user.keycloakId));
  }
  const search = text(filters.search) ?? text(filters.q) ?? text(filters.query) ?? text(filters.keyword);
  if (search) {
    checks.push((user) =>
      `${user.username} ${user.first_name} ${user.last_name} ${user.email}`.toLowerCase().includes(search),
    );
  }
  const exact: [unknown, (user: UserRecord) => string | null][] = [
    [filters.email, (user) => user.email],
    [filters.username, (user) => user.username],
    [filters.religion, (user) => user.profile.religion],
    [filters.country, (user) => user.profile.country],
    [filters.country_code, (user) => user.country_code],
    [filters.city, (user) => user.profile.city],
    [filters.sex, (user) => user.profile.sex],
    [filters.status, (user) => user.status],
  ];
  for (const [raw, read] of exact) {
    const value = text(raw);
    if (value) checks.push((user) => (read(user) ?? '').toLowerCase() === value);
  }
  const role = text(filters.role);
  if (role === 'admin') checks.push((user) => isAdminUser(user));
  else if (role === 'member') checks.push((user) => !isAdminUser(user));
  else if (role) checks.push((user) => user.roles.some((r) => r.toLowerCase() === role));
  if (typeof filters.is_deleted === 'boolean') {
    const wanted = filters.is_deleted;
    checks.push((user) => user.is_deleted === wanted);
  }
  if (typeof filters.confirmed === 'boolean') {
    const wanted = filters.confirmed;
    checks.push((user) => user.confirmed === wanted);
  }
  return (user) => checks.every((check) => check(user));
}

/** The user detail names the plan; the plan itself is one payments call away. */
function subscriptionSummary(world: World, userId: string) {
  const sub = currentSubscription(world, userId);
  if (!sub) return null;
  const plan = world.store.data.plans.find((entry) => entry.id === sub.plan_id);
  return {
    id: sub.id,
    status: sub.status,
    plan_id: sub.plan_id,
    plan_name: plan?.name ?? null,
    expires_at: sub.expires_at,
  };
}

function referralParty(user: UserRecord | undefined) {
  return user
    ? {
        id: user.keycloakId,
        username: user.username,
        first_name: user.first_name,
        last_name: user.last_name,
        email: user.email,
      }
    : null;
}

export const adminHandlers: HandlerMap<'admin'> = {
  'admin.searchUsers': ({ world, body, baseUrl }) => {
    const users = world.store
      .usersNewestFirst()
      .filter(compileFilter(body.filters as Record<string, unknown>));
    const { items, meta } = paginate(users, body.page, body.size);
    return { users: items.map((user) => userView(world, baseUrl, user)), ...meta, size: body.size };
  },

  'admin.getUser': ({ world, params, baseUrl }) => {
    const user = target(world, params.id);
    const settings = world.store.settingsOf(user.keycloakId);
    const latestKyc = world.store.data.kycRequests.findLast((request) => request.user_id === user.keycloakId);
    return {
      ...userView(world, baseUrl, user),
      settings: settings ? { ...settings } : null,
      subscription: subscriptionSummary(world, user.keycloakId),
      images: world.store.imagesOf(user.keycloakId).map((image) => imageView(world, baseUrl, image)),
      kyc_status: latestKyc?.status ?? null,
    };
  },

  'admin.deactivateUser': ({ world, params, user: admin, baseUrl }) => {
    const user = otherThan(admin, world, params.id, 'deactivate');
    user.status = 'deactivated';
    touchUser(world, user);
    return { message: 'User deactivated', user: userView(world, baseUrl, user) };
  },

  'admin.reactivateUser': ({ world, params, baseUrl }) => {
    const user = target(world, params.id);
    user.status = 'active';
    user.is_deleted = false;
    touchUser(world, user);
    return { message: 'User reactivated', user: userView(world, baseUrl, user) };
  },

  'admin.suspendUser': ({ world, params, user: admin, baseUrl }) => {
    const user = otherThan(admin, world, params.id, 'suspend');
    user.status = 'suspended';
    touchUser(world, user);
    // Tokens stay valid on purpose: the member's next call answers 406 and the client logs out.
    world.realtime.disconnectUser(user.keycloakId);
    return { message: 'User suspended', user: userView(world, baseUrl, user) };
  },

  'admin.changeUserEmail': ({ world, params, body, baseUrl }) => {
    const user = target(world, params.id);
    checkEmail(world, body.email, 'body.email', user);
    world.store.renameUser(user, { email: body.email.trim() });
    touchUser(world, user);
    return { message: 'Email changed', user: userView(world, baseUrl, user) };
  },

  'admin.changeUserRole': ({ world, params, body, user: admin, baseUrl }) => {
    const demotes = body.role === MEMBER_ROLE;
    const user = demotes ? otherThan(admin, world, params.id, 'demote') : target(world, params.id);
    user.roles = demotes ? [MEMBER_ROLE] : [body.role];
    touchUser(world, user);
    return { message: 'Role changed', user: userView(world, baseUrl, user) };
  },

  'admin.confirmUser': ({ world, params, baseUrl }) => {
    const user = target(world, params.id);
    user.confirmed = true;
    touchUser(world, user);
    return { message: 'User confirmed', user: userView(world, baseUrl, user) };
  },

  'admin.updateUser': ({ world, params, body, baseUrl }) => {
    const user = target(world, params.id);
    applyProfile(world, user, body);
    return { message: 'User updated', user: userView(world, baseUrl, user) };
  },

  'admin.deleteUser': ({ world, params, user: admin, ip }) => {
    const user = otherThan(admin, world, params.id, 'delete');
    // Soft delete: requests, rooms and logs keep pointing at a real record.
    user.is_deleted = true;
    user.status = 'archived';
    touchUser(world, user);
    world.auth.revokeUser(user.keycloakId);
    world.realtime.disconnectUser(user.keycloakId);
    logActivity(world, user, 'DELETED_BY_ADMIN', `Deleted by ${admin.username}`, ip);
    return { message: 'User deleted', id: user.keycloakId, is_deleted: true };
  },

  'admin.createUser': ({ world, body, baseUrl }) => {
    checkEmail(world, body.email, 'body.email');
    checkUsername(world, body.username, 'body.username');
    checkNewPassword(body.password, 'body.password');
    const user = createAccount(world, {
      email: body.email.trim(),
      username: body.username.trim(),
      first_name: body.first_name,
      last_name: body.last_name,
      password: body.password,
      profile: { date_of_birth: body.date_of_birth || null, sex: body.sex || null },
      referrer: body.referrer ?? null,
      confirmed: true,
    });
    return { message: 'User created', user: userView(world, baseUrl, user) };
  },

  'admin.userAggregations': ({ world, body }) => {
    const range = parseRange(body.start_date, body.end_date, world.now());
    const bucket = parseBucket(body.date_type);
    const users = Object.values(world.store.data.users);
    const members = users.filter((user) => !isAdminUser(user));
    const inWindow = users.filter((user) => inRange(user.created_at, range));
    return {
      ...rangeView(range, bucket),
      total: users.length,
      members: members.length,
      admins: users.length - members.length,
      new_in_range: inWindow.length,
      by_status: {
        active: users.filter((user) => user.status === 'active' && !user.is_deleted).length,
        deactivated: users.filter((user) => user.status === 'deactivated').length,
        suspended: users.filter((user) => user.status === 'suspended').length,
        archived: users.filter((user) => user.status === 'archived').length,
        deleted: users.filter((user) => user.is_deleted).length,
        unconfirmed: users.filter((user) => !user.confirmed).length,
      },
      by_religion: countBy(members, (user) => user.profile.religion).map(({ key, count }) => ({
        religion: key,
        count,
      })),
      by_sex: countBy(members, (user) => user.profile.sex).map(({ key, count }) => ({ sex: key, count })),
      by_country: countBy(members, (user) => user.profile.country, 15).map(({ key, count }) => ({
        country: key,
        count,
      })),
      registrations: series(users, (user) => user.created_at, range, bucket),
    };
  },

  'admin.listReferrals': ({ world, query }) => {
    const username = query.username.trim().toLowerCase();
    const referrer = username ? world.store.userByUsername(username) : undefined;
    const all = world.store.data.referrals
      .filter((referral) => !username || referral.referrer_id === referrer?.keycloakId)
      .slice()
      .reverse();
    const { items, meta } = paginate(all, query.page, ADMIN_USERS_PAGE_SIZE);
    return {
      referrals: items.map((referral) => ({
        ...referral,
        referrer: referralParty(world.store.user(referral.referrer_id)),
        referred: referralParty(world.store.user(referral.referred_id)),
      })),
      ...meta,
    };
  },

  'admin.getUserLogs': ({ world, params }) => {
    const user = target(world, params.id);
    const logs = world.store.data.activityLogs
      .filter((log) => log.user_id === user.keycloakId)
      .sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
    return { user_id: user.keycloakId, logs: logs.map((log) => ({ ...log })), total: logs.length };
  },

  'admin.searchVisits': ({ world, body }) => {
    const filters = (body.filters ?? {}) as Record<string, unknown>;
    const range =
      typeof filters.start_date === 'string' || typeof filters.end_date === 'string'
        ? parseRange(
            filters.start_date as string | undefined,
            filters.end_date as string | undefined,
            world.now(),
          )
        : undefined;
    const wanted: [keyof VisitRecord, string | undefined][] = [
      ['user_id', text(filters.user_id)],
      ['country', text(filters.country)],
      ['country_code', text(filters.country_code)],
      ['device', text(filters.device)],
      ['browser', text(filters.browser)],
      ['path', text(filters.path)],
    ];
    const visits = world.store.data.visits
      .filter((visit) => {
        if (range && !inRange(visit.created_at, range)) return false;
        return wanted.every(([key, value]) => !value || String(visit[key] ?? '').toLowerCase() === value);
      })
      .slice()
      .reverse();
    const { items, meta } = paginate(visits, body.page ?? 1, ADMIN_USERS_PAGE_SIZE);
    return { visits: items.map((visit) => ({ ...visit })), ...meta };
  },

  'admin.visitAggregations': ({ world, body }) => {
    const range = parseRange(body.start_date, body.end_date, world.now());
    const bucket = parseBucket(body.date_type);
    const visits = world.store.data.visits.filter((visit) => inRange(visit.created_at, range));
    return {
      ...rangeView(range, bucket),
      total: visits.length,
      unique_visitors: new Set(visits.map((visit) => visit.user_id ?? visit.ip)).size,
      by_date: series(visits, (visit) => visit.created_at, range, bucket),
      by_country: countBy(visits, (visit) => visit.country, 15).map(({ key, count }) => ({
        country: key,
        count,
      })),
      by_device: countBy(visits, (visit) => visit.device).map(({ key, count }) => ({ device: key, count })),
      by_browser: countBy(visits, (visit) => visit.browser).map(({ key, count }) => ({
        browser: key,
        count,
      })),
      by_path: countBy(visits, (visit) => visit.path, 15).map(({ key, count }) => ({ path: key, count })),
    };
  },
};
