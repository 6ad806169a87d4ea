/**
 * The back office's types are the SDK's answer types, re-exported under one import for the
 * screens, with the labels of the values they show.
 */
import type { AccountStatus, DateType, KycStatus } from '@matchmaker/sdk/schemas';

export type {
  AccountStatus,
  AdminUser,
  AdminUserDetail,
  AdminUserPage,
  DateType,
  Feature,
  FlaggedImage,
  FlaggedImagePage,
  KycDocument,
  KycMetrics,
  KycRequest,
  KycRequestList,
  KycStatus,
  MatchAggregation,
  MatchMetrics,
  PopularPreferences,
  ReferralPage,
  UsedFilters,
  UserAggregations,
  UserLogs,
  Visit,
  VisitAggregations,
  VisitPage,
} from '@matchmaker/sdk/schemas';

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
