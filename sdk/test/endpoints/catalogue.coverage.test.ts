import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_RETRY,
  DEVICE_INFO_RETRY,
  LOCATION_UPDATE_RETRY,
  SERVER_ERROR_STATUSES,
  TOKEN_REFRESH_RETRY,
} from '../../src/index';
import { type EndpointDef, endpointGroups, endpointList, endpoints } from '../../src/schemas/index';

/**
 * SPEC.md section 7, transcribed by hand: [service prefix, method, path]. This list is the
 * independent witness the catalogue is checked against; it must never be generated from it.
 */
const A = '/api/usermgmt/v2/accounts';
const AD = '/api/usermgmt/v2/admin';
const K = '/api/bytebox/v2/kyc';
const I = '/api/bytebox/v2/images';
const F = '/api/feature-switch/v2/features';
const AL = '/api/alerts/v2';
const R = '/api/recommendations/v2';
const C = '/api/chats/v2';
const P = '/api/payment/v2';
const SPEC_CALLS: Record<string, [string, string][]> = {
  accounts: [
    ['POST', A],
    ['POST', `${A}/oauth/update`],
    ['POST', `${A}/verify-username`],
    ['POST', `${A}/login`],
    ['DELETE', `${A}/logout`],
    ['GET', `${A}/public/{}`],
    ['POST', `${A}/bulk/profiles`],
    ['GET', `${A}/user/info`],
    ['POST', `${A}/refresh-token`],
    ['POST', `${A}/forgot-password`],
    ['PUT', `${A}/reset-password`],
    ['PUT', `${A}/confirm`],
    ['POST', `${A}/send-account-verification`],
    ['PUT', `${A}/password`],
    ['POST', `${A}/initiate-email-change`],
    ['PUT', `${A}/email`],
    ['POST', `${A}/bulk/status`],
    ['POST', `${A}/initiate-username-change`],
    ['POST', `${A}/{}/initiate-account-deletion`],
    ['POST', `${A}/deactivate`],
    ['PUT', `${A}/activate`],
    ['PUT', `${A}/username`],
    ['PUT', `${A}/location`],
  ],
  settings: [
    ['GET', '/api/usermgmt/v2/settings'],
    ['POST', '/api/usermgmt/v2/settings'],
    ['PUT', '/api/usermgmt/v2/settings'],
  ],
  devices: [['POST', '/api/usermgmt/v2/devices']],
  locations: [['POST', '/api/main/v2/locations/search']],
  admin: [
    ['POST', `${AD}/users/search`],
    ['GET', `${AD}/users/{}`],
    ['PUT', `${AD}/users/{}/deactivate`],
    ['PUT', `${AD}/users/{}/reactivate`],
    ['PUT', `${AD}/users/{}/suspend`],
    ['PUT', `${AD}/users/{}/email`],
    ['PUT', `${AD}/users/{}/role`],
    ['PUT', `${AD}/users/{}/confirm`],
    ['PUT', `${AD}/users/{}/`],
    ['DELETE', `${AD}/users/{}/`],
    ['POST', `${AD}/users`],
    ['POST', `${AD}/users/aggregations`],
    ['GET', `${AD}/users/referrals/`],
    ['GET', `${AD}/logs/{}`],
    ['POST', `${AD}/logs/visits/search`],
    ['POST', `${AD}/logs/visits/aggregations`],
  ],
  kyc: [
    ['POST', `${K}/metrics`],
    ['POST', `${K}/verifications/list`],
    ['PUT', `${K}/verifications/{}`],
    ['GET', `${K}/verifications/users/{}`],
    ['GET', `${K}/verifications/users/{}/{}`],
    ['GET', `${K}/documents/{}`],
  ],
  images: [
    ['GET', `${I}/{}/list`],
    ['GET', `${I}/{}/profile`],
    ['GET', `${I}/{}`],
    ['POST', `${I}/upload`],
    ['POST', `${I}/contact/upload`],
    ['PUT', `${I}/{}/edit`],
    ['DELETE', `${I}/{}/delete`],
    ['GET', `${I}/flagged`],
    ['POST', `${I}/flagged`],
    ['POST', `${I}/bulk`],
  ],
  features: [
    ['GET', F],
    ['PUT', `${F}/{}/toggle`],
    ['PUT', `${F}/{}/subfeature/toggle`],
  ],
  alerts: [
    ['GET', `${AL}/notifications`],
    ['GET', `${AL}/{}`],
    ['DELETE', `${AL}/{}`],
    ['PUT', `${AL}/bulk/read`],
    ['GET', `${AL}/count/`],
  ],
  recommendations: [
    ['GET', `${R}/matches/recommendations/`],
    ['PUT', `${R}/matches/recommendations/{}`],
    ['POST', `${R}/matches/requests`],
    ['PUT', `${R}/matches/requests`],
    ['GET', `${R}/matches/requests`],
    ['GET', `${R}/matches/requests/mutual`],
    ['GET', `${R}/analytics/preferences/popular`],
    ['GET', `${R}/analytics/filters/used`],
    ['GET', `${R}/analytics/matches/metrics`],
    ['POST', `${R}/analytics/aggregate-by-date`],
  ],
  chats: [
    ['GET', `${C}/chats/rooms`],
    ['GET', `${C}/chats/rooms/{}/messages`],
    ['POST', `${C}/chats/messages`],
    ['PUT', `${C}/chats/messages/bulk/status`],
    ['GET', `${C}/chats/messages/unread/count`],
    ['GET', `${C}/chats/files/{}`],
    ['PUT', `${C}/chats/blocks`],
    ['GET', `${C}/chats/blocks`],
    ['POST', `${C}/reports/reports`],
  ],
  payments: [
    ['GET', `${P}/plans`],
    ['GET', `${P}/plans/{}/`],
    ['GET', `${P}/plans/offer`],
    ['GET', `${P}/subscriptions/{}`],
  ],
  analytics: [['POST', '/api/analytics/v2/dau/']],
};

const shape = (entry: EndpointDef) => `${entry.method} ${entry.path.replace(/\{[^}]+\}/g, '{}')}`;

describe('the endpoint catalogue against SPEC.md section 7', () => {
  it('has exactly the 92 calls', () => {
    expect(Object.values(SPEC_CALLS).flat()).toHaveLength(92);
    expect(endpointList).toHaveLength(92);
  });

  it.each(Object.entries(SPEC_CALLS))(
    '%s has every call of SPEC.md with its method and path',
    (service, calls) => {
      const group = Object.values(endpointGroups[service as keyof typeof endpointGroups]) as EndpointDef[];
      expect(group.map(shape).sort()).toEqual(calls.map(([method, path]) => `${method} ${path}`).sort());
    },
  );

  it('names every entry service.method after its group and key, uniquely', () => {
    const ids = new Set<string>();
    for (const [service, group] of Object.entries(endpointGroups)) {
      for (const [method, entry] of Object.entries(group) as [string, EndpointDef][]) {
        expect(entry.id).toBe(`${service}.${method}`);
        ids.add(entry.id);
      }
    }
    expect(ids.size).toBe(92);
    expect(Object.keys(endpoints)).toHaveLength(92);
  });

  it('keeps the method names that docs, the CLI and tests rely on', () => {
    const fixed = [
      'accounts.register',
      'accounts.login',
      'accounts.logout',
      'accounts.userInfo',
      'accounts.refreshToken',
      'accounts.updateLocation',
      'settings.get',
      'settings.update',
      'devices.register',
      'locations.search',
      'admin.searchUsers',
      'admin.getUser',
      'admin.deactivateUser',
      'admin.reactivateUser',
      'admin.suspendUser',
      'admin.deleteUser',
      'kyc.listRequests',
      'kyc.reviewRequest',
      'kyc.getDocument',
      'images.listFlagged',
      'images.decideFlagged',
      'features.list',
      'features.toggle',
      'features.toggleSubfeature',
      'recommendations.list',
      'recommendations.respond',
      'chats.listRooms',
      'chats.listMessages',
      'chats.sendMessage',
      'payments.getSubscription',
      'analytics.dau',
    ];
    for (const id of fixed) expect(endpoints, id).toHaveProperty([id]);
  });

  it('retries exactly the three calls SPEC.md names, with their policies', () => {
    const retried = Object.fromEntries(endpointList.filter((e) => e.retry).map((e) => [e.id, e.retry]));
    expect(retried).toEqual({
      'accounts.updateLocation': LOCATION_UPDATE_RETRY,
      'devices.register': DEVICE_INFO_RETRY,
      'analytics.dau': ANALYTICS_RETRY,
    });
    // A fixed spacing, and no Retry-After honoured: SPEC.md gives the spacing.
    const spec = (retries: number, delayMs: number) => ({
      retries,
      statusCodes: SERVER_ERROR_STATUSES,
      failures: ['network', 'timeout'],
      wait: { kind: 'fixed', delayMs },
    });
    expect(LOCATION_UPDATE_RETRY).toEqual(spec(3, 3_000));
    expect(DEVICE_INFO_RETRY).toEqual(spec(5, 5_000));
    expect(ANALYTICS_RETRY).toEqual(spec(3, 10_000));
    expect(TOKEN_REFRESH_RETRY).toEqual(spec(3, 1_000));
    // SPEC.md: the policies retry 5xx answers (and failures to get an answer at all).
    expect(SERVER_ERROR_STATUSES).toEqual(Array.from({ length: 100 }, (_, i) => 500 + i));
  });

  it('answers binary files for KYC documents and chat files only', () => {
    expect(endpointList.filter((e) => e.response === 'binary').map((e) => e.id)).toEqual([
      'kyc.getDocument',
      'chats.getFile',
    ]);
  });
});

describe('the endpoint table of the SDK README', () => {
  const table = readFileSync(join(__dirname, '../../README.md'), 'utf8')
    .split('\n')
    .filter((line) => /^\| [a-z]+\.[A-Za-z]+ \|/.test(line))
    .map((line) => line.split('|').map((cell) => cell.trim()));

  it('lists every catalogue entry with its method, path, provider and access', () => {
    const rows = table.map(([, id, method, path, provider, access]) =>
      [id, method, path, provider, access].join(' '),
    );
    const entries = endpointList.map((e) => [e.id, e.method, e.path, e.provider, e.access].join(' '));
    expect(rows.sort()).toEqual([...entries].sort());
  });
});
