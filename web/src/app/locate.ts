/**
 * The location flow the location modal runs (SPEC.md sections 2 and 8): the browser's position,
 * else the IP-based one, sent to the API. An answer, or a failure, that arrives after the session
 * ended is dropped: it says nothing about the member now logged in, if any. 'Not logged in' is
 * such a failure even before the app hears of the logout (the SDK clears the tokens first).
 */
import { isNotLoggedInError, type LocationResult, resolveLocation } from '@matchmaker/sdk';
import { config } from '../config/config';
import { getClient } from '../lib/client';
import { reportError } from '../lib/report';
import { sessionGuard } from '../state/remote';

/** Resolves the flow's outcome, or null when the session ended before it did (`signal` stops it). */
export async function locateMember(signal: AbortSignal): Promise<LocationResult | null> {
  const still = sessionGuard();
  const ended = (error: unknown) => !still() || isNotLoggedInError(error);
  const report = (error: unknown) => {
    if (!ended(error)) reportError(error);
  };
  try {
    const result = await resolveLocation(getClient(), {
      ipLookupUrl: config().ipLookupUrl,
      onError: report,
      signal,
    });
    return still() ? result : null;
  } catch (error) {
    if (ended(error)) return null;
    reportError(error);
    throw error;
  }
}
