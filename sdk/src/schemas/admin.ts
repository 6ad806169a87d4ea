import { z } from 'zod';
import { ADMIN_USERS_PAGE_SIZE } from '../constants';
import { registerSchema } from './accounts';
import { id, page } from './common';
import { BODY_LIMITS, boundedBody, boundedText, TEXT_LIMITS } from './limits';
import { profileSchema } from './user';

/**
 * Request shapes of the admin user-management calls (SPEC.md sections 6 and 7). SPEC.md shows
 * only the user search body; the other bodies are the plainest reading of the operation's name
 * and are listed as decisions in the SDK docs.
 */

/** Search filters are open-ended ("filters such as bulk_ids"); unknown keys are sent as given. */
export const userSearchFiltersSchema = z.looseObject({ bulk_ids: z.array(id).optional() });
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

export const changeUserEmailSchema = z.object({ email: boundedText(TEXT_LIMITS.email) });
export type ChangeUserEmailInput = z.input<typeof changeUserEmailSchema>;

/** One role name, such as 'General' (SPEC.md: 'General' marks an ordinary member). */
export const changeUserRoleSchema = z.object({ role: boundedText(TEXT_LIMITS.name) });
export type ChangeUserRoleInput = z.input<typeof changeUserRoleSchema>;

/** A profile edit: any of the 24 profile fields, only those sent are changed. */
export const updateUserSchema = boundedBody(z.object(profileSchema.shape), {
  ...BODY_LIMITS,
  string: TEXT_LIMITS.text,
});
export type UpdateUserInput = z.input<typeof updateUserSchema>;

/**
 * An account created by staff: the registration fields, where agreeing to the terms and a
 * referrer are the member's own acts and so optional.
 */
export const createUserSchema = registerSchema.extend({
  agreed_to_terms: z.boolean().optional(),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

/**
 * Body of the user and visit aggregations. SPEC.md does not show it; it is taken to be a date
 * range like the metrics query of section 3, open to further keys.
 */
export const aggregationQuerySchema = boundedBody(
  z.looseObject({
    start_date: boundedText(TEXT_LIMITS.name).optional(),
    end_date: boundedText(TEXT_LIMITS.name).optional(),
    date_type: boundedText(TEXT_LIMITS.name).optional(),
  }),
);
export type AggregationQuery = z.input<typeof aggregationQuerySchema>;

/** Body of the visit-log search. SPEC.md does not show it; a page and open filters. */
export const visitSearchSchema = boundedBody(
  z.looseObject({
    page: page.optional(),
    filters: z.looseObject({}).optional(),
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
