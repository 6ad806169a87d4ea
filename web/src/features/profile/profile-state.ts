/**
 * The member's own photos and identity-verification requests, and the profile's calls. Written
 * only by the actions below; screens read it with `useSnapshot`. Logout clears it (onSessionEnd).
 */
import type { User } from '@matchmaker/sdk';
import { userIdOf } from '@matchmaker/sdk/rules';
import { type Image, type KycUserRequests, PROFILE_PHOTO_IMAGE_TYPE } from '@matchmaker/sdk/schemas';
import { proxy } from 'valtio';
import { getClient } from '../../lib/client';
import { idle, load, type Remote, resetRemote } from '../../state/remote';
import { replaceUser } from '../../state/session';
import { onSessionEnd } from '../../state/session-end';
import { KYC_DOCUMENT_IMAGE_TYPE } from './kyc';

/** The member's requests with the latest status (the SDK types the answer; its name is not exported). */
export type { KycUserRequests };

interface ProfileData {
  images: Remote<Image[]>;
  verification: Remote<KycUserRequests>;
}

export const profileData = proxy<ProfileData>({ images: idle(), verification: idle() });

onSessionEnd(() => {
  resetRemote(profileData.images);
  resetRemote(profileData.verification);
});

/** The id the image and KYC calls take for the member. */
export function memberId(user: Pick<User, 'keycloakId' | 'id'>): string {
  const id = userIdOf(user);
  if (!id) throw new Error('The logged-in user has no id');
  return id;
}

/** `fresh`: after a change, so a read already in flight (from before it) is not reused. */
export function loadImages(userId: string, fresh = false): Promise<unknown> {
  return load(profileData.images, async () => (await getClient().images.list(userId)).images, {
    key: userId,
    fresh,
    // A reload after a change keeps the screen (and its forms) as they are until the answer.
    refresh: true,
  });
}

export function loadVerification(userId: string, fresh = false): Promise<unknown> {
  return load(profileData.verification, () => getClient().kyc.listUserRequests(userId), {
    key: userId,
    fresh,
    // A reload after a change keeps the screen (and its forms) as they are until the answer.
    refresh: true,
  });
}

/** Saves the changed profile fields; the answer (the account as it now is) replaces the session's user. */
export async function saveProfile(changes: Record<string, unknown>): Promise<void> {
  const answer = await getClient().accounts.oauthUpdate(changes);
  replaceUser(answer.user);
}

export async function uploadPhoto(input: { file: File; caption: string; asProfile: boolean }): Promise<void> {
  await getClient().images.upload({
    file: input.file,
    filename: input.file.name,
    ...(input.asProfile ? { image_type: PROFILE_PHOTO_IMAGE_TYPE } : {}),
    ...(input.caption ? { caption: input.caption } : {}),
  });
}

export type PhotoChange = { caption: string | null } | 'make-profile' | 'delete';

/** Changes one photo; the screen then re-reads the user where the profile photo may have changed. */
export async function changePhoto(image: Image, change: PhotoChange): Promise<void> {
  const images = getClient().images;
  if (change === 'delete') await images.delete(image.filename);
  else if (change === 'make-profile')
    await images.edit(image.filename, { image_type: PROFILE_PHOTO_IMAGE_TYPE });
  else await images.edit(image.filename, change);
}

/**
 * Sends identity documents one after the other. On a failure, rejects with the failure and how
 * many were sent before it, so nothing already sent is sent twice on a retry.
 */
export async function uploadDocuments(files: readonly File[], documentType: string): Promise<number> {
  let sent = 0;
  try {
    for (const file of files) {
      await getClient().images.upload({
        file,
        filename: file.name,
        image_type: KYC_DOCUMENT_IMAGE_TYPE,
        document_type: documentType,
      });
      sent++;
    }
  } catch (error) {
    if (sent === 0) throw error;
    throw new PartialUpload(sent, error);
  }
  return sent;
}

export class PartialUpload extends Error {
  constructor(
    readonly sent: number,
    override readonly cause: unknown,
  ) {
    super(`${sent} files were sent before one failed`);
    this.name = 'PartialUpload';
  }
}
