import * as z from 'zod/mini';
import { ADMIN_USERS_PAGE_SIZE } from '../constants';
import { registerSchema } from './accounts';
import {
  count,
  dateRangeAnswerSchema,
  id,
  messageAnswerSchema,
  page,
  pagingSchema,
  seriesPointSchema,
  tallySchema,
  timestamp,
} from './common';
import { emailField, profileInputShape } from './fields';
import { imageSchema } from './image';
import { kycStatusSchema } from './kyc';
import { BODY_LIMITS, boundedBody, boundedText, TEXT_LIMITS } from './limits';
import { subscriptionStatusSchema } from './payment';
import { settingsAnswerSchema } from './settings';
import { accountStatusSchema, userSchema } from './user';

/**
 * Request shapes of the admin user-management calls (SPEC.md sections 6 and 7). SPEC.md shows
 * only the user search body; the other bodies are the plainest reading of the operation's name
 * and are listed as decisions in the SDK docs.
 */

/** Search filters are open-ended ("filters such as bulk_ids"); unknown keys are sent as given. */
export const userSearchFiltersSchema = z.looseObject({ bulk_ids: z.optional(z.array(id)) });
export type UserSearchFilters = z.input<typeof userSearchFiltersSchema>;

/** The body on the wire: the page size is fixed by the contract. */
export const userSearchBodySchema = boundedBody(
  z.object({
    page,
    size: z.literal(ADMIN_USERS_PAGE_SIZE),
    filters: userSearchFiltersSchema,
  }),
);

/** What a caller chooses for a user search; the service adds `size` and an empty `filters`. */
export interface UserSearchInput {
  page: number;
  filters?: UserSearchFilters;
}

export const changeUserEmailSchema = z.object({ email: emailField });
export type ChangeUserEmailInput = z.input<typeof changeUserEmailSchema>;

/** One role name, such as 'General' (SPEC.md: 'General' marks an ordinary member). */
export const changeUserRoleSchema = z.object({ role: boundedText(TEXT_LIMITS.name).check(z.minLength(1)) });
export type ChangeUserRoleInput = z.input<typeof changeUserRoleSchema>;

/** A profile edit: any of the 24 profile fields, only those sent are changed. */
export const updateUserSchema = boundedBody(z.object(profileInputShape), {
  ...BODY_LIMITS,
  string: TEXT_LIMITS.text,
});
export type UpdateUserInput = z.input<typeof updateUserSchema>;

/**
 * An account created by staff: the registration fields, where agreeing to the terms and a
 * referrer are the member's own acts and so optional.
 */
export const createUserSchema = z.extend(registerSchema, {
  agreed_to_terms: z.optional(z.boolean()),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

/**
 * Body of the user and visit aggregations. SPEC.md does not show it; it is taken to be a date
 * range like the metrics query of section 3, open to further keys.
 */
export const aggregationQuerySchema = boundedBody(
  z.looseObject({
    start_date: z.optional(boundedText(TEXT_LIMITS.name)),
    end_date: z.optional(boundedText(TEXT_LIMITS.name)),
    date_type: z.optional(boundedText(TEXT_LIMITS.name)),
  }),
);
export type AggregationQuery = z.input<typeof aggregationQuerySchema>;

/** Body of the visit-log search. SPEC.md does not show it; a page and open filters. */
export const visitSearchSchema = boundedBody(
  z.looseObject({
    page: z.optional(page),
    filters: z.optional(z.looseObject({})),
  }),
);
export type VisitSearchInput = z.input<typeof visitSearchSchema>;

/** `?page=&username=`: both keys are always sent, `username` empty when not filtering. */
export const referralsQuerySchema = z.object({ page, username: boundedText(TEXT_LIMITS.name) });

export interface ReferralsInput {
  page: number;
  /** Only referrals of this username. */
  username?: string;
}

/* Answers of the admin calls: the reference provider's, proposed as the contract. */

/** A user as the back office lists it: the user record with its account state required. */
export const adminUserSchema = z.extend(userSchema, {
  status: accountStatusSchema,
  confirmed: z.boolean(),
  created_at: timestamp,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** `POST /users/search`: one page of users, newest first. */
export const adminUserPageSchema = z.extend(pagingSchema, {
  users: z.array(adminUserSchema),
  /** The page size asked for (15). */
  size: z.optional(z.int().check(z.positive())),
});
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

/** The subscription named in a user's detail; the plan itself is one payments call away. */
export const subscriptionSummarySchema = z.looseObject({
  id,
  status: subscriptionStatusSchema,
  plan_id: id,
  plan_name: z.optional(z.nullable(z.string())),
  expires_at: z.optional(z.nullable(timestamp)),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

/** `GET /users/{id}`: the user with settings, subscription, images and the latest KYC status. */
export const adminUserDetailSchema = z.extend(adminUserSchema, {
  settings: z.optional(z.nullable(z.partial(settingsAnswerSchema))),
  subscription: z.optional(z.nullable(subscriptionSummarySchema)),
  images: z.optional(z.array(imageSchema)),
  kyc_status: z.optional(z.nullable(kycStatusSchema)),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** Every change to a user answers the user as it now is. */
export const adminUserChangedSchema = z.extend(messageAnswerSchema, { user: adminUserSchema });
export type AdminUserChanged = z.infer<typeof adminUserChangedSchema>;

export const adminUserDeletedSchema = z.extend(messageAnswerSchema, {
  id,
  is_deleted: z.optional(z.boolean()),
});
export type AdminUserDeleted = z.infer<typeof adminUserDeletedSchema>;

/** `POST /users/aggregations`: totals, breakdowns and registrations per bucket over the range. */
export const userAggregationsSchema = z.extend(dateRangeAnswerSchema, {
  total: count,
  members: count,
  admins: count,
  new_in_range: z.optional(count),
  by_status: z.optional(z.record(z.string(), count)),
  by_religion: z.optional(z.array(tallySchema('religion'))),
  by_sex: z.optional(z.array(tallySchema('sex'))),
  by_country: z.optional(z.array(tallySchema('country'))),
  registrations: z.array(seriesPointSchema),
});
export type UserAggregations = z.infer<typeof userAggregationsSchema>;

/** One side of a referral. */
export const referralPartySchema = z.looseObject({
  id,
  username: z.string(),
  first_name: z.optional(z.nullable(z.string())),
  last_name: z.optional(z.nullable(z.string())),
  email: z.optional(z.nullable(z.string())),
});
export type ReferralParty = z.infer<typeof referralPartySchema>;

export const referralStatusSchema = z.enum(['REGISTERED', 'CONFIRMED', 'SUBSCRIBED']);
export type ReferralStatus = z.infer<typeof referralStatusSchema>;

export const referralSchema = z.looseObject({
  id,
  referrer_id: id,
  referred_id: id,
  code: z.optional(z.string()),
  status: referralStatusSchema,
  created_at: timestamp,
  referrer: z.nullable(referralPartySchema),
  referred: z.nullable(referralPartySchema),
});
export type Referral = z.infer<typeof referralSchema>;

/** `GET /users/referrals/`: one page of referrals, newest first. */
export const referralPageSchema = z.extend(pagingSchema, { referrals: z.array(referralSchema) });
export type ReferralPage = z.infer<typeof referralPageSchema>;

export const activityLogSchema = z.looseObject({
  id,
  user_id: id,
  /** What happened, in capitals (LOGIN, LOGOUT, PASSWORD_CHANGE, ...); open-ended. */
  action: z.string().check(z.minLength(1)),
  detail: z.optional(z.string()),
  ip: z.optional(z.string()),
  created_at: timestamp,
});
export type ActivityLog = z.infer<typeof activityLogSchema>;

/** `GET /logs/{id}`: a user's activity, newest first. */
export const userLogsSchema = z.looseObject({
  user_id: id,
  logs: z.array(activityLogSchema),
  total: z.optional(count),
});
export type UserLogs = z.infer<typeof userLogsSchema>;

export const visitSchema = z.looseObject({
  id,
  /** Null for a visitor who was not logged in. */
  user_id: z.nullable(id),
  path: z.string(),
  ip: z.optional(z.string()),
  country: z.optional(z.nullable(z.string())),
  country_code: z.optional(z.nullable(z.string())),
  city: z.optional(z.nullable(z.string())),
  device: z.optional(z.enum(['desktop', 'mobile', 'tablet'])),
  browser: z.optional(z.string()),
  created_at: timestamp,
});
export type Visit = z.infer<typeof visitSchema>;

/** `POST /logs/visits/search`: one page of visits, newest first. */
export const visitPageSchema = z.extend(pagingSchema, { visits: z.array(visitSchema) });
export type VisitPage = z.infer<typeof visitPageSchema>;

/** `POST /logs/visits/aggregations`: visits per bucket and their breakdowns over the range. */
export const visitAggregationsSchema = z.extend(dateRangeAnswerSchema, {
  total: count,
  unique_visitors: z.optional(count),
  by_date: z.array(seriesPointSchema),
  by_country: z.optional(z.array(tallySchema('country'))),
  by_device: z.optional(z.array(tallySchema('device'))),
  by_browser: z.optional(z.array(tallySchema('browser'))),
  by_path: z.optional(z.array(tallySchema('path'))),
});
export type VisitAggregations = z.infer<typeof visitAggregationsSchema>;
