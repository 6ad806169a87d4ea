/**
 * What logout clears (SPEC.md section 4): every feature registers the reset of its own state here
 * (notifications, recommendations, chat, matches, ...), so logging out from anywhere clears all of
 * it without the session knowing the features.
 */

type Reset = () => void;
const resets = new Set<Reset>();

/**
 * Registers a reset run at every session end; returns the unregistration. A reset forgets what
 * is in memory only: storage is `clearSessionData`'s to clear, and only at a logout.
 */
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

/**
 * Runs every registered reset: what the features hold in memory is forgotten, and answers still
 * on their way for it are dropped. Storage is left alone: for a start-up that failed (user info
 * did not answer) while the session's tokens stay, so that a member's outbox survives the blip.
 */
export function dropSessionState(onError: (error: unknown) => void): void {
  for (const reset of resets) {
    try {
      reset();
    } catch (error) {
      onError(error);
    }
  }
}

/** Logout: runs every registered reset (`dropSessionState`), then clears local and session storage. */
export function clearSessionData(onError: (error: unknown) => void): void {
  dropSessionState(onError);
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch (error) {
    // Storage can be unavailable (private mode, blocked cookies); nothing of ours is there then.
    onError(error);
  }
}
