/**
 * The back office's view of the SDK's answers. The SDK types every call's result; the entity
 * types the screens need are read off the calls themselves, so they can never drift from what
 * the client actually parses.
 */
import type { MatchmakerClient } from '@matchmaker/sdk';

type Result<F> = F extends (...args: never[]) => Promise<infer R> ? R : never;
type Admin = MatchmakerClient['admin'];
type Kyc = MatchmakerClient['kyc'];

export type AdminUserPage = Result<Admin['searchUsers']>;
export type AdminUser = AdminUserPage['users'][number];
export type AdminUserDetail = Result<Admin['getUser']>;
export type AccountStatus = AdminUser['status'];
export type UserLogs = Result<Admin['getUserLogs']>;
export type VisitPage = Result<Admin['searchVisits']>;
export type Visit = VisitPage['visits'][number];
export type ReferralPage = Result<Admin['listReferrals']>;
export type UserAggregations = Result<Admin['userAggregations']>;
export type VisitAggregations = Result<Admin['visitAggregations']>;

export type KycRequestList = Result<Kyc['listRequests']>;
export type KycRequest = KycRequestList['requests'][number];
export type KycStatus = KycRequest['status'];
export type KycDocument = NonNullable<KycRequest['documents']>[number];
export type KycMetrics = Result<Kyc['metrics']>;

export type FlaggedImagePage = Result<MatchmakerClient['images']['listFlagged']>;
export type FlaggedImage = FlaggedImagePage['images'][number];
export type Feature = Result<MatchmakerClient['features']['list']>['features'][number];

type Recommendations = MatchmakerClient['recommendations'];
export type MatchMetrics = Result<Recommendations['matchMetrics']>;
export type UsedFilters = Result<Recommendations['usedFilters']>;
export type PopularPreferences = Result<Recommendations['popularPreferences']>;
export type MatchAggregation = Result<Recommendations['aggregateByDate']>;
export type DateType = MatchAggregation['date_type'];

/** Labels of every account status; `satisfies` makes a new status a compile error here. */
export const ACCOUNT_STATUS_LABELS = {
  active: 'Active',
  deactivated: 'Deactivated',
  archived: 'Archived',
  suspended: 'Suspended',
} as const satisfies Record<AccountStatus, string>;

export const KYC_STATUS_LABELS = {
  PENDING: 'Pending',
  IN_REVIEW: 'In review',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
} as const satisfies Record<KycStatus, string>;

export const DATE_TYPE_LABELS = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  year: 'Year',
} as const satisfies Record<DateType, string>;

export function isKey<T extends object>(
  table: T,
  key: string | null | undefined,
): key is Extract<keyof T, string> {
  return key !== null && key !== undefined && Object.hasOwn(table, key);
}
