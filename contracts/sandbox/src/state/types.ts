/**
 * The sandbox's whole state as plain JSON-serialisable records, so `--data` can write it as one
 * file and load it back. Records keep what the service would store; what the API answers is built
 * from them by the views in routes/views.ts.
 */

/** Profile values as the API carries them (SPEC.md does not show field types). */
export type ProfileValue = string | number | boolean | null;

/** The 24 profile fields minus those kept on the account itself (username, names, email). */
export interface ProfileRecord {
  height: number | null;
  sex: string | null;
  date_of_birth: string | null;
  state: string | null;
  country: string | null;
  city: string | null;
  religion: string | null;
  ethnicity: string | null;
  marital_type: string | null;
  body_type: string | null;
  church_denomination: string | null;
  about: string | null;
  current_status: string | null;
  drinking_status: string | null;
  smoking_status: string | null;
  education_level: string | null;
  has_children: boolean | null;
  want_children: string | null;
  open_for_relocation: boolean | null;
  occupation: string | null;
}

export type AccountStatus = 'active' | 'deactivated' | 'archived' | 'suspended';

export interface UserRecord {
  keycloakId: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  profile: ProfileRecord;
  roles: string[];
  is_deleted: boolean;
  status: AccountStatus;
  /** Email address confirmed through the confirmation link. */
  confirmed: boolean;
  password_salt: string;
  password_hash: string;
  country_code: string | null;
  latitude: number | null;
  longitude: number | null;
  /** Username of the member who referred this one. */
  referrer: string | null;
  /** How the account was created. */
  provider: 'password' | 'social';
  created_at: string;
  updated_at: string;
  last_login_at: string | null;
  last_seen_at: string | null;
}

export interface SettingsRecord {
  allow_newsletter: boolean;
  allow_unread_message_notifications: boolean;
  allow_new_matches_notifications: boolean;
  make_contact_info_visible: boolean;
  make_profile_visible: boolean;
  notification_interval: string;
  hide_basic_info: boolean;
}

export interface DeviceRecord {
  id: string;
  user_id: string;
  location: string;
  type: string;
  active: boolean;
  created_at: string;
  [extra: string]: unknown;
}

export type ImageKind = 'avatar' | 'upload';

export interface ImageRecord {
  filename: string;
  user_id: string;
  image_type: string;
  flagged: boolean;
  flag_reason: string | null;
  is_public: boolean;
  kind: ImageKind;
  content_type: string;
  /** Base64 bytes of uploads; avatars are drawn on request from the user's id. */
  data: string | null;
  /** Background hue of generated avatars, so each member has a recognisable picture. */
  hue: number;
  caption: string | null;
  created_at: string;
}

/** A decision on a flagged image, kept after it (a removed image's too) so a second one is refused. */
export interface ImageDecisionRecord {
  filename: string;
  /** The image's owner. */
  user_id: string;
  /** true: kept (the flag cleared); false: removed. */
  approved: boolean;
  decided_at: string;
  /** The admin who decided. */
  decided_by: string;
}

export interface NotificationRecord {
  id: string;
  user_id: string;
  /** Who caused it (the sender of a match request), for the profile photo. */
  actor_id: string | null;
  type: 'MATCH_REQUEST' | 'MATCH_ACCEPTED' | 'NEW_MESSAGE' | 'SYSTEM' | 'KYC';
  body: string;
  related_id: string | null;
  read: boolean;
  created_at: string;
}

export type Decision = 'PENDING' | 'ACCEPTED' | 'REJECTED';

export interface RecommendationRecord {
  id: string;
  user_id: string;
  recipient_id: string;
  status: Decision;
  score: number;
  created_at: string;
  updated_at: string;
}

export interface MatchRequestRecord {
  id: string;
  user_id: string;
  recipient_id: string;
  status: Decision;
  message: string | null;
  created_at: string;
  updated_at: string;
}

export interface RoomRecord {
  id: string;
  members: [string, string];
  created_at: string;
}

export type MessageStatus = 'SENT' | 'DELIVERED' | 'READ';

export interface MessageRecord {
  id: string;
  room: string;
  user_id: string;
  recipient_id: string;
  message: string;
  file: string | null;
  status: MessageStatus;
  unix_timestamp: number;
  created_at: string;
}

export interface ChatFileRecord {
  filename: string;
  room: string;
  user_id: string;
  content_type: string;
  /** Base64; null for seeded files, which are drawn on request. */
  data: string | null;
}

export interface ReportRecord {
  id: string;
  user_id: string;
  reported_id: string | null;
  reason: string;
  details: unknown;
  created_at: string;
}

export interface OfferRecord {
  id: string;
  offer: boolean;
  name: string;
  discount_percent: number;
  price: number;
  archived: boolean;
  starts_at: string;
  ends_at: string;
}

export interface PlanRecord {
  id: string;
  name: string;
  description: string;
  price: number;
  currency: string;
  interval: 'month' | 'quarter' | 'year';
  duration_days: number;
  archived: boolean;
  features: string[];
  offers: OfferRecord[];
  created_at: string;
}

export type SubscriptionStatus = 'ACTIVE' | 'EXPIRED' | 'CANCELLED' | 'PENDING';

export interface SubscriptionRecord {
  id: string;
  user_id: string;
  plan_id: string;
  offer_id: string | null;
  status: SubscriptionStatus;
  amount: number;
  currency: string;
  started_at: string;
  expires_at: string;
  created_at: string;
}

export interface SubfeatureRecord {
  code: string;
  name: string;
  enabled: boolean;
}

export interface FeatureRecord {
  code: string;
  name: string;
  description: string;
  enabled: boolean;
  subfeatures: SubfeatureRecord[];
  updated_at: string;
}

export type KycStatus = 'PENDING' | 'IN_REVIEW' | 'APPROVED' | 'REJECTED';

export interface KycRequestRecord {
  id: string;
  user_id: string;
  status: KycStatus;
  document_type: 'PASSPORT' | 'NATIONAL_ID' | 'DRIVERS_LICENSE';
  documents: string[];
  comment: string | null;
  reviewer_id: string | null;
  created_at: string;
  updated_at: string;
  reviewed_at: string | null;
}

export interface KycDocumentRecord {
  id: string;
  request_id: string;
  user_id: string;
  filename: string;
  /** image/png or application/pdf when seeded; uploads keep their own type. */
  content_type: string;
  /** Base64 of uploaded bytes; null for seeded documents, drawn on request. */
  data: string | null;
}

export interface ReferralRecord {
  id: string;
  referrer_id: string;
  referred_id: string;
  code: string;
  status: 'REGISTERED' | 'CONFIRMED' | 'SUBSCRIBED';
  created_at: string;
}

export interface ActivityLogRecord {
  id: string;
  user_id: string;
  action: string;
  detail: string;
  ip: string;
  created_at: string;
}

export interface VisitRecord {
  id: string;
  user_id: string | null;
  path: string;
  ip: string;
  country: string;
  country_code: string;
  city: string;
  device: 'desktop' | 'mobile' | 'tablet';
  browser: string;
  created_at: string;
}

export interface DauRecord {
  user_id: string;
  date: string;
  device: string;
  platform: string;
  created_at: string;
}

export interface FilterUseRecord {
  filter: string;
  value: string;
  date: string;
}

export interface EmailRecord {
  id: string;
  to: string;
  subject: string;
  kind: 'account-confirmation' | 'password-reset' | 'email-change' | 'username-change' | 'account-deletion';
  text: string;
  link: string;
  token: string;
  created_at: string;
}

export type OneTimeTokenKind = 'confirm' | 'reset' | 'email-change' | 'username-change' | 'deletion';

export interface OneTimeTokenRecord {
  token: string;
  kind: OneTimeTokenKind;
  user_id: string;
  /** The new email or username for change tokens. */
  value: string | null;
  expires_at: number;
  used: boolean;
}

export interface AccessTokenRecord {
  user_id: string;
  expires_at: number;
  /** The login it belongs to, shared by the pairs its refreshes made (absent in older files). */
  session?: string;
}

export interface RefreshTokenRecord {
  user_id: string;
  expires_at: number;
  used: boolean;
  /** When it was spent (absent in files written before it existed). */
  used_at?: number;
  /** The login it belongs to (absent in older files). */
  session?: string;
  /** The refresh token of the pair it was last exchanged for (absent before its first use). */
  replaced_by?: string;
}

export interface CheckoutRecord {
  id: string;
  user_id: string;
  plan_id: string;
  offer_id: string | null;
  status: 'OPEN' | 'PAID' | 'CANCELLED';
  created_at: string;
}

export interface ErrorEventRecord {
  id: string;
  project_id: string;
  received_at: string;
  event_id: string | null;
  type: string;
  message: string | null;
  level: string | null;
  platform: string | null;
  items: number;
  /** The envelope's item headers and JSON payloads, truncated for display. */
  raw: string;
}

export interface SandboxData {
  version: 1;
  seed: number;
  /** With --data: the last journal entry this snapshot includes (journal.ts). */
  journalSeq?: number;
  /** Counter for sequential ids, so ids made at runtime never collide with seeded ones. */
  seq: number;
  users: Record<string, UserRecord>;
  settings: Record<string, SettingsRecord>;
  devices: DeviceRecord[];
  images: Record<string, ImageRecord>;
  /** By file name; absent in files written before decisions were kept. */
  imageDecisions: Record<string, ImageDecisionRecord>;
  notifications: NotificationRecord[];
  recommendations: RecommendationRecord[];
  matchRequests: MatchRequestRecord[];
  rooms: Record<string, RoomRecord>;
  messages: Record<string, MessageRecord[]>;
  chatFiles: Record<string, ChatFileRecord>;
  blocks: Record<string, string[]>;
  reports: ReportRecord[];
  plans: PlanRecord[];
  subscriptions: SubscriptionRecord[];
  features: FeatureRecord[];
  kycRequests: KycRequestRecord[];
  kycDocuments: Record<string, KycDocumentRecord>;
  referrals: ReferralRecord[];
  activityLogs: ActivityLogRecord[];
  visits: VisitRecord[];
  dau: DauRecord[];
  filterUses: FilterUseRecord[];
  outbox: EmailRecord[];
  oneTimeTokens: Record<string, OneTimeTokenRecord>;
  accessTokens: Record<string, AccessTokenRecord>;
  refreshTokens: Record<string, RefreshTokenRecord>;
  checkouts: Record<string, CheckoutRecord>;
  errors: ErrorEventRecord[];
}
