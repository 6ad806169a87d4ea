/**
 * What logout clears (SPEC.md section 4): every feature registers the reset of its own state here
 * (notifications, recommendations, chat, matches, ...), so logging out from anywhere clears all of
 * it without the session knowing the features.
 */

type Reset = () => void;
const resets = new Set<Reset>();

/** Registers a reset run at every session end; returns the unregistration. */
export function onSessionEnd(reset: Reset): () => void {
  resets.add(reset);
  return () => resets.delete(reset);
}

/**
 * Storage keys of social sign-in, referral and verification data. Logout clears all of local and
 * session storage anyway; the names are here so features use one spelling.
 */
export const STORAGE_KEYS = {
  socialSignIn: 'matchmaker.social-sign-in',
  referral: 'matchmaker.referral',
  verification: 'matchmaker.verification',
} as const;

/** Runs every registered reset, then clears local and session storage. */
export function clearSessionData(onError: (error: unknown) => void): void {
  for (const reset of resets) {
    try {
      reset();
    } catch (error) {
      onError(error);
    }
  }
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch (error) {
    // Storage can be unavailable (private mode, blocked cookies); nothing of ours is there then.
    onError(error);
  }
}
