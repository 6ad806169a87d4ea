/**
 * The member's own photos and identity-verification requests. Written only by the actions below;
 * screens read it with `useSnapshot`. Records are stored with `ref()` and replaced whole. Logout
 * clears it (onSessionEnd).
 */

import type { User } from '@matchmaker/sdk';
import { userIdOf } from '@matchmaker/sdk/rules';
import type { Image, KycUserRequests } from '@matchmaker/sdk/schemas';
import { proxy, ref } from 'valtio';
import { getClient } from '../../lib/client';
import { onSessionEnd } from '../../state/session-end';

/** The member's requests with the latest status (the SDK types the answer; its name is not exported). */
export type { KycUserRequests };

type Stored<T extends object> = T & { $$valtioSnapshot: T };

export type Loadable<T extends object> =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; value: Stored<T> }
  | { state: 'failed'; error: unknown };

interface ProfileData {
  images: Loadable<{ list: Image[] }>;
  verification: Loadable<KycUserRequests>;
}

export const profileData = proxy<ProfileData>({ images: { state: 'idle' }, verification: { state: 'idle' } });

onSessionEnd(() => {
  profileData.images = { state: 'idle' };
  profileData.verification = { state: 'idle' };
});

/** The id the image and KYC calls take for the member. */
export function memberId(user: Pick<User, 'keycloakId' | 'id'>): string {
  const id = userIdOf(user);
  if (!id) throw new Error('The logged-in user has no id');
  return id;
}

/** Only the newest load may write: a slow answer for an earlier one is dropped. */
let imagesLoad = 0;
let verificationLoad = 0;

export async function loadImages(userId: string): Promise<void> {
  const ticket = ++imagesLoad;
  if (profileData.images.state !== 'ready') profileData.images = { state: 'loading' };
  try {
    const answer = await getClient().images.list(userId);
    if (ticket === imagesLoad) profileData.images = { state: 'ready', value: ref({ list: answer.images }) };
  } catch (error) {
    if (ticket === imagesLoad) profileData.images = { state: 'failed', error };
  }
}

export async function loadVerification(userId: string): Promise<void> {
  const ticket = ++verificationLoad;
  if (profileData.verification.state !== 'ready') profileData.verification = { state: 'loading' };
  try {
    const answer = await getClient().kyc.listUserRequests(userId);
    if (ticket === verificationLoad) profileData.verification = { state: 'ready', value: ref(answer) };
  } catch (error) {
    if (ticket === verificationLoad) profileData.verification = { state: 'failed', error };
  }
}
