/**
 * What the back office reviews and charts: KYC requests with documents, images (some flagged),
 * referrals, activity and visit logs, daily-active-user events and filter usage.
 */
import type {
  ActivityLogRecord,
  DauRecord,
  FilterUseRecord,
  ImageRecord,
  KycDocumentRecord,
  KycRequestRecord,
  KycStatus,
  ReferralRecord,
  UserRecord,
  VisitRecord,
} from '../state/types';
import { DAY_MS, iso, isoDate } from './clock';
import type { DemoKey } from './demo-accounts';
import type { Ids } from './ids';
import { COUNTRIES } from './places';
import type { Rng } from './prng';
import { RELIGIONS } from './values';

export const PROFILE_PHOTO = 'Profile Photo';
export const GALLERY_PHOTO = 'Gallery Photo';
export const KYC_IMAGE_TYPE = 'KYC Document';

const FLAG_REASONS = [
  'Possible nudity',
  'No face visible',
  'Contains contact details',
  'Reported by a member',
  'Low quality',
];

export function seedImages(
  rng: Rng,
  anchor: number,
  users: UserRecord[],
  demoIds: ReadonlySet<string>,
): ImageRecord[] {
  const out: ImageRecord[] = [];
  for (const user of users) {
    if (!user.roles.includes('General') || user.username === 'new.member') continue;
    const hue = rng.int(0, 359);
    const created = Date.parse(user.created_at) + DAY_MS;
    out.push(image(user, `${user.keycloakId}-profile.svg`, PROFILE_PHOTO, hue, created, rng.chance(0.9)));
    const gallery = rng.int(0, 3);
    for (let n = 1; n <= gallery; n++) {
      out.push(
        image(
          user,
          `${user.keycloakId}-gallery-${n}.svg`,
          GALLERY_PHOTO,
          (hue + n * 47) % 360,
          created + n * DAY_MS,
          rng.chance(0.7),
        ),
      );
    }
  }
  // Flagged images waiting for review (about 30, none of them the demo members').
  const candidates = out.filter((img) => !demoIds.has(img.user_id) && img.image_type !== PROFILE_PHOTO);
  for (const img of rng.sample(candidates, 30)) {
    img.flagged = true;
    img.flag_reason = rng.pick(FLAG_REASONS);
    img.created_at = iso(anchor - rng.int(0, 20) * DAY_MS);
  }
  return out;
}

function image(
  user: UserRecord,
  filename: string,
  type: string,
  hue: number,
  created: number,
  isPublic: boolean,
): ImageRecord {
  return {
    filename,
    user_id: user.keycloakId,
    image_type: type,
    flagged: false,
    flag_reason: null,
    is_public: type === PROFILE_PHOTO ? true : isPublic,
    kind: 'avatar',
    content_type: 'image/svg+xml',
    data: null,
    hue,
    caption: null,
    created_at: iso(created),
  };
}

export function seedKyc(
  rng: Rng,
  ids: Ids,
  anchor: number,
  demo: Record<DemoKey, UserRecord>,
  members: UserRecord[],
): { requests: KycRequestRecord[]; documents: KycDocumentRecord[] } {
  const requests: KycRequestRecord[] = [];
  const documents: KycDocumentRecord[] = [];
  const add = (user: UserRecord, status: KycStatus, daysAgo: number): void => {
    const id = ids.next('kyc');
    const created = anchor - daysAgo * DAY_MS - rng.int(0, 86_399) * 1000;
    const docIds: string[] = [];
    const kinds: ('image/png' | 'application/pdf')[] = rng.chance(0.3)
      ? ['image/png', 'application/pdf']
      : ['image/png', 'image/png'];
    kinds.forEach((contentType, index) => {
      const docId = ids.next('doc');
      docIds.push(docId);
      documents.push({
        id: docId,
        request_id: id,
        user_id: user.keycloakId,
        filename: `${docId}-${index === 0 ? 'front' : 'back'}.${contentType === 'application/pdf' ? 'pdf' : 'png'}`,
        content_type: contentType,
        data: null,
      });
    });
    const reviewed = status === 'APPROVED' || status === 'REJECTED';
    const reviewedAt = created + rng.int(2, 72) * 3_600_000;
    requests.push({
      id,
      user_id: user.keycloakId,
      status,
      document_type: rng.pick(['PASSPORT', 'NATIONAL_ID', 'DRIVERS_LICENSE'] as const),
      documents: docIds,
      comment:
        status === 'REJECTED'
          ? rng.pick(['Document is blurry', 'Name does not match the profile', 'Document expired'])
          : null,
      reviewer_id: reviewed ? demo.admin.keycloakId : null,
      created_at: iso(created),
      updated_at: iso(reviewed ? reviewedAt : created),
      reviewed_at: reviewed ? iso(reviewedAt) : null,
    });
  };
  add(demo.member1, 'APPROVED', 60);
  add(demo.member3, 'PENDING', 2);
  add(demo.member4, 'REJECTED', 30);
  add(demo.member4, 'PENDING', 1);
  const statuses: KycStatus[] = [
    'PENDING',
    'PENDING',
    'IN_REVIEW',
    'APPROVED',
    'APPROVED',
    'APPROVED',
    'REJECTED',
  ];
  for (const member of rng.sample(members, 48)) add(member, rng.pick(statuses), rng.int(0, 90));
  requests.sort(byCreatedAt);
  return { requests, documents };
}

export function seedReferrals(
  rng: Rng,
  ids: Ids,
  demo: Record<DemoKey, UserRecord>,
  users: UserRecord[],
): ReferralRecord[] {
  const byUsername = new Map(users.map((user) => [user.username, user]));
  const out: ReferralRecord[] = [];
  const members = users.filter(
    (user) =>
      user.roles.includes('General') && user.referrer === null && user.email.endsWith('members.sandbox.test'),
  );
  // member1 has invited three members, so a member's referral list is not empty in the demo.
  for (const invited of rng.sample(members, 3)) invited.referrer = demo.member1.username;
  for (const user of users) {
    if (!user.referrer) continue;
    const referrer = byUsername.get(user.referrer);
    if (!referrer) continue;
    out.push({
      id: ids.next('ref'),
      referrer_id: referrer.keycloakId,
      referred_id: user.keycloakId,
      code: referrer.username
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, '')
        .slice(0, 8),
      status: rng.pick(['REGISTERED', 'CONFIRMED', 'CONFIRMED', 'SUBSCRIBED'] as const),
      created_at: user.created_at,
    });
  }
  return out;
}

const ACTIONS: [string, string][] = [
  ['LOGIN', 'Logged in'],
  ['LOGIN', 'Logged in'],
  ['PROFILE_UPDATE', 'Updated the profile'],
  ['PASSWORD_CHANGE', 'Changed the password'],
  ['IMAGE_UPLOAD', 'Uploaded a photo'],
  ['MATCH_REQUEST', 'Sent a match request'],
  ['SETTINGS_UPDATE', 'Updated settings'],
  ['LOGOUT', 'Logged out'],
];
const BROWSERS = ['Chrome', 'Safari', 'Firefox', 'Edge', 'Samsung Internet'];
const PATHS = [
  '/',
  '/account/login',
  '/matches',
  '/messages',
  '/profile',
  '/payments',
  '/muslim/marriage/london/uk',
  '/christian/singles/atlanta/us',
  '/blog/first-meeting-tips',
  '/hindu/matrimony/mumbai/in',
];

const VISIT_DEVICES = { mobile: 6, desktop: 3, tablet: 1 } as const;
const DAU_DEVICES = { mobile: 6, desktop: 4 } as const;

/** ISO timestamps of one format sort as text; a plain comparison is much faster than localeCompare. */
const byCreatedAt = (a: { created_at: string }, b: { created_at: string }): number =>
  a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0;

function ip(rng: Rng): string {
  return `${rng.int(11, 223)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
}

export function seedLogs(
  rng: Rng,
  ids: Ids,
  anchor: number,
  users: UserRecord[],
): { activity: ActivityLogRecord[]; visits: VisitRecord[]; dau: DauRecord[]; filterUses: FilterUseRecord[] } {
  const activity: ActivityLogRecord[] = [];
  for (const user of users) {
    const count = rng.int(3, 9);
    const created = Date.parse(user.created_at);
    const span = Math.max(anchor - created, DAY_MS);
    activity.push({
      id: ids.next('log'),
      user_id: user.keycloakId,
      action: 'REGISTER',
      detail: 'Created the account',
      ip: ip(rng),
      created_at: user.created_at,
    });
    for (let n = 0; n < count; n++) {
      const [action, detail] = rng.pick(ACTIONS);
      activity.push({
        id: ids.next('log'),
        user_id: user.keycloakId,
        action,
        detail,
        ip: ip(rng),
        created_at: iso(created + Math.floor(rng.next() * span)),
      });
    }
  }

  const visits: VisitRecord[] = [];
  const members = users.filter((user) => user.roles.includes('General'));
  for (let n = 0; n < 4_000; n++) {
    const daysAgo = Math.floor(90 * (1 - Math.sqrt(rng.next())));
    const user = rng.chance(0.6) ? rng.pick(members) : null;
    const country = rng.pick(COUNTRIES);
    const city = rng.pick(country.cities);
    visits.push({
      id: ids.next('visit'),
      user_id: user?.keycloakId ?? null,
      path: rng.pick(PATHS),
      ip: ip(rng),
      country: country.name,
      country_code: country.code,
      city: city.city,
      device: rng.weighted(VISIT_DEVICES),
      browser: rng.pick(BROWSERS),
      created_at: iso(anchor - daysAgo * DAY_MS - rng.int(0, 86_399) * 1000),
    });
  }
  visits.sort(byCreatedAt);

  const dau: DauRecord[] = [];
  for (let day = 60; day >= 1; day--) {
    const date = anchor - day * DAY_MS;
    const count = 25 + Math.floor((60 - day) * 0.6) + rng.int(0, 15);
    for (const user of rng.sample(members, count)) {
      dau.push({
        user_id: user.keycloakId,
        date: isoDate(date),
        device: rng.weighted(DAU_DEVICES),
        platform: rng.pick(['Windows', 'macOS', 'Android', 'iOS', 'Linux']),
        created_at: iso(date + rng.int(0, 86_399) * 1000),
      });
    }
  }

  const filterUses: FilterUseRecord[] = [];
  const FILTERS: [string, readonly string[]][] = [
    ['religion', RELIGIONS],
    ['age_range', ['21-25', '26-30', '31-35', '36-40', '41-50']],
    ['country', ['United States', 'United Kingdom', 'India', 'Nigeria', 'Israel', 'Canada', 'Pakistan']],
    ['education_level', ['bachelors', 'masters', 'doctorate']],
    ['marital_type', ['never_married', 'divorced', 'widowed']],
    ['distance_km', ['25', '50', '100', '500']],
    ['want_children', ['yes', 'maybe']],
    ['smoking_status', ['never']],
  ];
  for (let n = 0; n < 1_500; n++) {
    const [filter, values] = FILTERS[Math.floor(rng.next() ** 1.6 * FILTERS.length)] as [
      string,
      readonly string[],
    ];
    filterUses.push({
      filter,
      value: rng.pick(values),
      date: isoDate(anchor - Math.floor(rng.next() * 90) * DAY_MS),
    });
  }
  return { activity, visits, dau, filterUses };
}
