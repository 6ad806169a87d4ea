/**
 * The address waiting for its confirmation link, so the verification page can offer to send it
 * again without asking. Session storage: logout clears it, and it never outlives the tab.
 */
import { STORAGE_KEYS } from '../../state/session-end';
import { sessionStore } from './storage';

export function rememberPendingEmail(email: string): void {
  sessionStore()?.setItem(STORAGE_KEYS.verification, email);
}

export function pendingEmail(): string {
  return sessionStore()?.getItem(STORAGE_KEYS.verification) ?? '';
}

export function forgetPendingEmail(): void {
  sessionStore()?.removeItem(STORAGE_KEYS.verification);
}
