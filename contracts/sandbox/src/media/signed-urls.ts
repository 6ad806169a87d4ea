/**
 * Links to private image bytes. `<img src>` cannot send a token, so an image that not everyone may
 * see (a gallery photo marked not public, a chat upload, a flagged photo) is linked with an expiry
 * and an HMAC of its name and expiry, the way storage services sign URLs: only an answer that was
 * allowed to show the image carries a working link, and a guessed or shared-on name alone is not
 * enough. Public photos keep plain, cacheable links.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ImageRecord } from '../state/types';

/** How long a signed link works; rounded up to the hour so repeated answers give the same link. */
const LINK_HOURS = 1;
const HOUR_MS = 3_600_000;

/** Whether anyone may load the image's bytes without a signed link. */
export function isPublicMedia(image: ImageRecord): boolean {
  return image.is_public && !image.flagged;
}

export class MediaSigner {
  // Per process: links given before a restart stop working, which the next answer repairs.
  readonly #secret = randomBytes(32);

  constructor(private readonly now: () => number) {}

  /** `expires=&sig=` for a link to `filename`. */
  query(filename: string): string {
    const expires = (Math.ceil(this.now() / HOUR_MS) + LINK_HOURS) * HOUR_MS;
    return `expires=${expires}&sig=${this.#sign(filename, expires)}`;
  }

  /** Whether a link's `expires` and `sig` are ours and still valid. */
  verify(filename: string, expires: string | undefined, sig: string | undefined): boolean {
    if (!expires || !sig || !/^\d{1,15}$/.test(expires)) return false;
    const at = Number(expires);
    if (at <= this.now()) return false;
    const expected = Buffer.from(this.#sign(filename, at));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  #sign(filename: string, expires: number): string {
    return createHmac('sha256', this.#secret).update(`${filename}\n${expires}`).digest('base64url');
  }
}
