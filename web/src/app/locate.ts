/**
 * The location flow the location modal runs (SPEC.md sections 2 and 8): the browser's position,
 * else the IP-based one, sent to the API. An answer, or a failure, that arrives after the session
 * ended is dropped: it says nothing about the member now logged in, if any. 'Not logged in' is
 * such a failure even before the app hears of the logout (the SDK clears the tokens first).
 */
import {
  isNetworkError,
  isNotLoggedInError,
  isTimeoutError,
  type LocationResult,
  resolveLocation,
} from '@matchmaker/sdk';
import { config } from '../config/config';
import { getClient } from '../lib/client';
import { reportError } from '../lib/report';
import { sessionGuard } from '../state/remote';

/**
 * The flow's outcome, and whether a step of it got no answer at all (no connection, a time limit):
 * then a 'denied' without a location says nothing about the member's location or permission.
 */
export type LocateOutcome = LocationResult & { unreachable: boolean };

/** Resolves the flow's outcome, or null when the session ended before it did (`signal` stops it). */
export async function locateMember(signal: AbortSignal): Promise<LocateOutcome | null> {
  const still = sessionGuard();
  const ended = (error: unknown) => !still() || isNotLoggedInError(error);
  let unreachable = false;
  const report = (error: unknown) => {
    if (isNetworkError(error) || isTimeoutError(error)) unreachable = true;
    if (!ended(error)) reportError(error);
  };
  try {
    const result = await resolveLocation(getClient(), {
      ipLookupUrl: config().ipLookupUrl,
      onError: report,
      signal,
    });
    return still() ? { ...result, unreachable } : null;
  } catch (error) {
    if (ended(error)) return null;
    reportError(error);
    throw error;
  }
}
