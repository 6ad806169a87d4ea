/**
 * The back office's calls. Screens call these, never the client; each takes the screen's abort
 * signal where the screen may leave before the answer. The inputs and answers are the SDK's own
 * types, read off its client (lib/types.ts names the answers), never restated here.
 */
import type { MatchmakerClient } from '@matchmaker/sdk';
import { getClient } from '../../lib/client';

type Admin = MatchmakerClient['admin'];
type Kyc = MatchmakerClient['kyc'];
type Recommendations = MatchmakerClient['recommendations'];
type Input<F extends (...args: never[]) => unknown> = Parameters<F>[0];

const admin = () => getClient().admin;
const kyc = () => getClient().kyc;

// Users
export const searchUsers = (input: Input<Admin['searchUsers']>, signal?: AbortSignal) =>
  admin().searchUsers(input, { signal });
export const getUser = (id: string, signal: AbortSignal) => admin().getUser(id, { signal });
export const createUser = (input: Input<Admin['createUser']>) => admin().createUser(input);
export const getUserLogs = (id: string, signal: AbortSignal) => admin().getUserLogs(id, { signal });
export const searchVisits = (input: Input<Admin['searchVisits']>, signal: AbortSignal) =>
  admin().searchVisits(input, { signal });
export const listReferrals = (input: Input<Admin['listReferrals']>, signal: AbortSignal) =>
  admin().listReferrals(input, { signal });

/** Every account action of the user detail screen; each answers the user as it now is. */
export const userActions = {
  deactivate: (id: string) => admin().deactivateUser(id),
  reactivate: (id: string) => admin().reactivateUser(id),
  suspend: (id: string) => admin().suspendUser(id),
  confirm: (id: string) => admin().confirmUser(id),
  changeEmail: (id: string, input: Parameters<Admin['changeUserEmail']>[1]) =>
    admin().changeUserEmail(id, input),
  changeRole: (id: string, input: Parameters<Admin['changeUserRole']>[1]) =>
    admin().changeUserRole(id, input),
  update: (id: string, input: Parameters<Admin['updateUser']>[1]) => admin().updateUser(id, input),
  delete: (id: string) => admin().deleteUser(id),
};

// Analytics
export const userAggregations = (query: Input<Admin['userAggregations']>, signal: AbortSignal) =>
  admin().userAggregations(query, { signal });
export const visitAggregations = (query: Input<Admin['visitAggregations']>, signal: AbortSignal) =>
  admin().visitAggregations(query, { signal });
export const matchMetrics = (days: Input<Recommendations['matchMetrics']>, signal: AbortSignal) =>
  getClient().recommendations.matchMetrics(days, { signal });
export const matchesByDate = (query: Input<Recommendations['aggregateByDate']>, signal: AbortSignal) =>
  getClient().recommendations.aggregateByDate(query, { signal });
export const usedFilters = (days: Input<Recommendations['usedFilters']>, signal: AbortSignal) =>
  getClient().recommendations.usedFilters(days, { signal });
export const popularPreferences = (signal: AbortSignal) =>
  getClient().recommendations.popularPreferences({ signal });

// KYC
export const listKycRequests = (input: Input<Kyc['listRequests']>, signal?: AbortSignal) =>
  kyc().listRequests(input, { signal });
export const getKycRequest = (userId: string, requestId: string, signal: AbortSignal) =>
  kyc().getUserRequest(userId, requestId, { signal });
export const getKycDocument = (id: Input<Kyc['getDocument']>, signal: AbortSignal) =>
  kyc().getDocument(id, { signal });
export const kycMetrics = (query: Input<Kyc['metrics']>, signal: AbortSignal) =>
  kyc().metrics(query, { signal });
export const reviewKycRequest = (
  id: Input<Kyc['reviewRequest']>,
  decision: Parameters<Kyc['reviewRequest']>[1],
) => kyc().reviewRequest(id, decision);

// Flagged images and feature switches
export const listFlagged = (input: Input<MatchmakerClient['images']['listFlagged']>, signal: AbortSignal) =>
  getClient().images.listFlagged(input, { signal });
export const decideFlagged = (filename: string, approved: boolean) =>
  getClient().images.decideFlagged({ filename, approved });
export const listFeatures = (signal: AbortSignal) => getClient().features.list({ signal });
/** Flips a feature switch, or one of its subfeatures. */
export const toggleFeature = (code: string, subfeature: string | null) =>
  subfeature === null
    ? getClient().features.toggle(code)
    : getClient().features.toggleSubfeature(code, { subfeature });
