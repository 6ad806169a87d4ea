/**
 * One valid answer per catalogue entry, shaped as the response schemas require, for fake servers
 * whose tests are about what the SDK sends. `answerFor` finds the entry a request is for by
 * method and path, so one default handler serves a whole service's request tests.
 */
import { endpointList } from '../../src/endpoints/index';
import type { RecordedRequest, Reply } from './server';

const AT = '2026-01-05T10:00:00.000Z';
const range = {
  start_date: '2026-01-01T00:00:00.000Z',
  end_date: '2026-01-08T00:00:00.000Z',
  date_type: 'day',
};
const paging = { page: 1, per_page: 15, total: 1, total_pages: 1 };
const ok = { message: 'OK' };

export const sampleUserAnswer = {
  keycloakId: 'kc-1',
  username: 'amina_k',
  first_name: 'Amina',
  last_name: 'Khan',
  email: 'amina@example.com',
  roles: ['General'],
  is_deleted: false,
  city: 'Lagos',
};
const adminUser = { ...sampleUserAnswer, status: 'active', confirmed: true, created_at: AT };
const publicProfile = { keycloakId: 'kc-2', username: 'bola', first_name: 'Bola', last_name: null };
const image = {
  user_id: 'kc-1',
  filename: 'kc-1-1.png',
  flagged: false,
  imageUrl: 'http://media/kc-1-1.png',
  thumbnailUrl: 'http://media/kc-1-1.png?size=thumb',
  image_type: 'Profile Photo',
};
const notification = {
  id: 'n-1',
  body: 'Bola sent you a match request',
  related_id: 'mr-1',
  profilePhoto: null,
  type: 'MATCH_REQUEST',
  read: false,
  created_at: AT,
};
const metaData = { profile: publicProfile, images: [image] };
const recommendation = { id: 'r-1', recipient_id: 'kc-2', status: 'PENDING', created_at: AT, metaData };
const matchRequest = {
  id: 'mr-1',
  user_id: 'kc-1',
  recipient_id: 'kc-2',
  status: 'PENDING',
  created_at: AT,
  metaData: { ...metaData, room: null },
};
const message = {
  id: 'm-1',
  room: 'room-1',
  user_id: 'kc-2',
  recipient_id: 'kc-1',
  message: 'Salaam',
  status: 'SENT',
  unix_timestamp: 1_767_607_200,
  created_at: AT,
};
const room = {
  id: 'room-1',
  user_id: 'kc-2',
  username: 'bola',
  profilePhoto: null,
  online: false,
  isTyping: false,
  recent_messages: [message],
  created_at: AT,
};
const kycRequest = { id: 'kyc-1', user_id: 'kc-1', status: 'PENDING', created_at: AT, user_info: null };
const plan = { id: 'p-1', name: 'Gold', price: 30, currency: 'USD', archived: false, offers: [] };
const settings = {
  allow_newsletter: true,
  allow_unread_message_notifications: true,
  allow_new_matches_notifications: true,
  make_contact_info_visible: false,
  make_profile_visible: true,
  notification_interval: 'daily',
  hide_basic_info: false,
};
const feature = { code: 'CHAT', enabled: true, subfeatures: [{ code: 'FILES', enabled: true }] };
const series = [{ date: '2026-01-01', count: 1 }];

export const SAMPLE_ANSWERS: Record<string, Record<string, unknown>> = {
  'accounts.register': { ...ok, user: sampleUserAnswer },
  'accounts.oauthUpdate': { ...ok, user: sampleUserAnswer },
  'accounts.verifyUsername': { username: 'amina_k', available: true },
  'accounts.login': { access_token: 'a', refresh_token: 'r' },
  'accounts.logout': ok,
  'accounts.publicProfile': publicProfile,
  'accounts.bulkProfiles': { profiles: [publicProfile] },
  'accounts.userInfo': sampleUserAnswer,
  'accounts.refreshToken': { access_token: 'a', refresh_token: 'r' },
  'accounts.forgotPassword': ok,
  'accounts.resetPassword': ok,
  'accounts.confirm': ok,
  'accounts.sendAccountVerification': ok,
  'accounts.changePassword': ok,
  'accounts.initiateEmailChange': ok,
  'accounts.changeEmail': ok,
  'accounts.bulkStatus': { status: [{ user: 'kc-2', online: true }] },
  'accounts.initiateUsernameChange': ok,
  'accounts.initiateAccountDeletion': ok,
  'accounts.deactivate': ok,
  'accounts.activate': ok,
  'accounts.changeUsername': ok,
  'accounts.updateLocation': ok,
  'settings.get': settings,
  'settings.create': settings,
  'settings.update': settings,
  'devices.register': {
    id: 'd-1',
    location: 'Lagos, Nigeria',
    type: 'BROWSER',
    active: true,
    created_at: AT,
  },
  'locations.search': { city: 'Lagos', country: 'Nigeria', country_code: 'NG' },
  'admin.searchUsers': { ...paging, users: [adminUser] },
  'admin.getUser': adminUser,
  'admin.deactivateUser': { ...ok, user: adminUser },
  'admin.reactivateUser': { ...ok, user: adminUser },
  'admin.suspendUser': { ...ok, user: adminUser },
  'admin.changeUserEmail': { ...ok, user: adminUser },
  'admin.changeUserRole': { ...ok, user: adminUser },
  'admin.confirmUser': { ...ok, user: adminUser },
  'admin.updateUser': { ...ok, user: adminUser },
  'admin.deleteUser': { ...ok, id: 'kc-1' },
  'admin.createUser': { ...ok, user: adminUser },
  'admin.userAggregations': { ...range, total: 3, members: 2, admins: 1, registrations: series },
  'admin.listReferrals': { ...paging, referrals: [] },
  'admin.getUserLogs': { user_id: 'kc-1', logs: [] },
  'admin.searchVisits': { ...paging, visits: [] },
  'admin.visitAggregations': { ...range, total: 1, by_date: series },
  'kyc.metrics': { ...range, total: 1, pending: 1, in_review: 0, approved: 0, rejected: 0, by_date: series },
  'kyc.listRequests': { ...paging, requests: [kycRequest] },
  'kyc.reviewRequest': { ...ok, request: kycRequest },
  'kyc.listUserRequests': { user_id: 'kc-1', status: 'PENDING', verified: false, requests: [kycRequest] },
  'kyc.getUserRequest': kycRequest,
  'images.list': { user_id: 'kc-1', images: [image] },
  'images.getProfileImage': image,
  'images.get': image,
  'images.upload': image,
  'images.uploadContact': image,
  'images.edit': image,
  'images.delete': { ...ok, filename: image.filename },
  'images.listFlagged': { ...paging, images: [] },
  'images.decideFlagged': { ...ok, filename: image.filename, approved: true },
  'images.bulk': { image_type: 'Profile Photo', images: [image] },
  'features.list': { features: [feature] },
  'features.toggle': { ...ok, feature },
  'features.toggleSubfeature': { ...ok, feature, subfeature: feature.subfeatures[0] },
  'alerts.listNotifications': { notifications: [notification] },
  'alerts.getNotification': notification,
  'alerts.deleteNotification': { ...ok, id: 'n-1' },
  'alerts.markAllRead': { ...ok, updated: 1 },
  'alerts.count': { count: 1 },
  'recommendations.list': { ...paging, per_page: 50, recommendations: [recommendation] },
  'recommendations.respond': { ...ok, recommendation, match_request: null },
  'recommendations.sendRequest': matchRequest,
  'recommendations.updateRequest': { ...ok, request: matchRequest },
  'recommendations.listRequests': { requests: [matchRequest] },
  'recommendations.listMutual': { matches: [] },
  'recommendations.popularPreferences': {
    preferences: [{ filter: 'religion', value: 'muslim', count: 2 }],
    total: 2,
  },
  'recommendations.usedFilters': { ...range, total: 0, filters: [], by_date: series },
  'recommendations.matchMetrics': { created: 3, accepted: 1, rejected: 1 },
  'recommendations.aggregateByDate': { ...range, data: series },
  'chats.listRooms': { rooms: [room] },
  'chats.listMessages': { ...paging, per_page: 20, room: 'room-1', messages: [message] },
  'chats.sendMessage': message,
  'chats.updateMessageStatus': { ...ok, status: 'READ', updated: 1 },
  'chats.unreadCount': { count: 1 },
  'chats.updateBlocks': { ...ok, user_id: 'kc-2', blocked: true },
  'chats.listBlocks': { blocks: [] },
  'chats.report': {
    ...ok,
    report: { id: 'rep-1', user_id: 'kc-1', reported_id: 'kc-2', reason: 'spam', created_at: AT },
  },
  'payments.listPlans': { plans: [plan] },
  'payments.getPlan': plan,
  'payments.listOffers': { offers: [] },
  'payments.getSubscription': {
    id: null,
    user_id: 'kc-1',
    status: 'NONE',
    active: false,
    plan_id: null,
    started_at: null,
    expires_at: null,
  },
  'analytics.dau': ok,
};

function matches(template: string, path: string): boolean {
  const pattern = template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}/g, '[^/]+');
  return new RegExp(`^${pattern}/?$`).test(path);
}

/** The sample answer of the catalogue entry `request` is for; a 404 when none matches. */
export function answerFor(request: RecordedRequest): Reply {
  // Literal paths first, so `/users/search` is not taken for `/users/{id}`.
  const candidates = endpointList
    .filter((entry) => entry.method === request.method && matches(entry.path, request.path))
    .sort((a, b) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0));
  const entry = candidates[0];
  if (!entry) return { status: 404, body: { message: `no sample for ${request.method} ${request.path}` } };
  return { body: SAMPLE_ANSWERS[entry.id] ?? {} };
}
