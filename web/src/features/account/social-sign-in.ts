/**
 * Social sign-in with the one configured provider. Nothing starts on its own (no auto-login, no
 * one-tap): the member presses the button, agrees in our consent prompt, then in the provider's.
 * A random `state` ties the provider's redirect to the attempt this tab started; the callback
 * refuses any other.
 */
import { STORAGE_KEYS } from '../../state/session-end';
import { ACCOUNT_PATHS } from './account-paths';
import { sessionStore } from './storage';

export interface SocialAttempt {
  state: string;
  startedAt: number;
  /** The login page's `next`, checked again (landingAfterLogin) when the member comes back. */
  next: string | null;
}

export interface SocialProvider {
  authorizeUrl: string;
  clientId: string;
}

/**
 * The provider's consent page for a new attempt; the attempt is remembered for the callback. The
 * provider settings come from the caller (the login page has the configuration at hand), which
 * keeps the configuration module out of this lazily loaded chunk.
 */
export function socialSignInUrl({ authorizeUrl, clientId }: SocialProvider, next: string | null): string {
  const attempt: SocialAttempt = { state: crypto.randomUUID(), startedAt: Date.now(), next };
  sessionStore()?.setItem(STORAGE_KEYS.socialSignIn, JSON.stringify(attempt));
  const url = new URL(authorizeUrl, window.location.origin);
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', new URL(ACCOUNT_PATHS.socialCallback, window.location.origin).href);
  url.searchParams.set('state', attempt.state);
  url.searchParams.set('prompt', 'consent');
  return url.href;
}

/** Takes (and forgets) the attempt this tab started; null when there is none. */
export function takeSocialAttempt(): SocialAttempt | null {
  const store = sessionStore();
  const raw = store?.getItem(STORAGE_KEYS.socialSignIn);
  store?.removeItem(STORAGE_KEYS.socialSignIn);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (
      parsed !== null &&
      typeof parsed === 'object' &&
      'state' in parsed &&
      typeof parsed.state === 'string' &&
      'startedAt' in parsed &&
      typeof parsed.startedAt === 'number'
    ) {
      const next = 'next' in parsed && typeof parsed.next === 'string' ? parsed.next : null;
      return { state: parsed.state, startedAt: parsed.startedAt, next };
    }
  } catch {
    // A corrupted entry is no attempt.
  }
  return null;
}
