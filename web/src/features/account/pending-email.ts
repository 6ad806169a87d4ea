/**
 * The address waiting for its confirmation link, so the verification page can offer to send it
 * again without asking. Session storage: logout clears it, and it never outlives the tab.
 */
import { STORAGE_KEYS } from '../../state/session-end';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberPendingEmail(email: string): void {
  storage()?.setItem(STORAGE_KEYS.verification, email);
}

export function pendingEmail(): string {
  return storage()?.getItem(STORAGE_KEYS.verification) ?? '';
}

export function forgetPendingEmail(): void {
  storage()?.removeItem(STORAGE_KEYS.verification);
}
