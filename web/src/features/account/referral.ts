/**
 * The referrer of a registration: taken from the link the visitor arrived by (`?ref=` or
 * `?referrer=`) and kept in local storage, so following the link, reading the landing page and
 * then opening registration still credits the member who shared it. Logout clears storage.
 */
import { STORAGE_KEYS } from '../../state/session-end';
import { localStore } from './storage';

const PARAMS = ['ref', 'referrer'] as const;

/** Remembers a referrer named in `search` (a location's query) and answers the one to credit. */
export function referrerFrom(search: string): string | null {
  const query = new URLSearchParams(search);
  for (const name of PARAMS) {
    const value = query.get(name)?.trim();
    if (value) {
      localStore()?.setItem(STORAGE_KEYS.referral, value);
      return value;
    }
  }
  return localStore()?.getItem(STORAGE_KEYS.referral) ?? null;
}

/** Once an account is created the referral is spent. */
export function forgetReferrer(): void {
  localStore()?.removeItem(STORAGE_KEYS.referral);
}
