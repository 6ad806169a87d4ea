import { z } from 'zod';
import { FLAGGED_IMAGES_PAGE_SIZE } from '../constants';
import { id, page } from './common';
import { boundedBody, boundedList, boundedText, TEXT_LIMITS } from './limits';

/**
 * Images (SPEC.md sections 3 and 7). SPEC.md names the fields but not their types or which are
 * required, so every field is optional. The image type (for example 'Profile Photo') is called
 * `image_type`, the name the bulk call's body uses.
 */
export const imageSchema = z.looseObject({
  id: id.optional(),
  user_id: id.nullable().optional(),
  filename: z.string().nullable().optional(),
  flagged: z.boolean().nullable().optional(),
  imageUrl: z.string().nullable().optional(),
  thumbnailUrl: z.string().nullable().optional(),
  /** Sent beside `thumbnailUrl`; SPEC.md does not say whether it is a URL, a name or inline data. */
  thumbnail: z.string().nullable().optional(),
  image_type: z.string().nullable().optional(),
});
export type Image = z.infer<typeof imageSchema>;

/** The image type SPEC.md gives as an example. */
export const PROFILE_PHOTO_IMAGE_TYPE = 'Profile Photo';

/** `images.list` query: `?public=true` only when the caller asks for the public images. */
export const imageListQuerySchema = z.object({ public: z.literal(true).optional() });
export interface ImageListOptions {
  /** Only the images other members may see. */
  public?: boolean;
}

/** `?page=&page_size=100`: the page size is fixed by the contract. */
export const flaggedImagesQuerySchema = z.object({ page, page_size: z.literal(FLAGGED_IMAGES_PAGE_SIZE) });
export interface FlaggedImagesInput {
  page: number;
}

/** A plain multipart field value; FormData sends it as text. */
export type MultipartFieldValue = string | number | boolean;

/**
 * Non-file fields of the upload calls. SPEC.md does not show them; `image_type` tells the backend
 * what the file is (a profile photo, a KYC document), anything else is sent as given.
 */
export const imageUploadFieldsSchema = boundedBody(
  z.looseObject({
    image_type: boundedText(TEXT_LIMITS.name).optional(),
  }),
);

/** What `images.upload` and `images.uploadContact` take: the file plus plain fields. */
export type ImageUploadInput = {
  /** Sent as the multipart field `file`. */
  file: Blob;
  /** File name sent with the file part; defaults to the File's own name. */
  filename?: string;
  image_type?: string;
  [field: string]: Blob | MultipartFieldValue | undefined;
};

/** Changes of `PUT {filename}/edit`; SPEC.md does not show the body, so it is open. */
export const imageEditSchema = boundedBody(
  z.looseObject({
    image_type: boundedText(TEXT_LIMITS.name).optional(),
  }),
);
export type ImageEdit = z.input<typeof imageEditSchema>;

/**
 * The decision on a flagged image. SPEC.md shows `{filename, ...}`. The SDK's verdict field is
 * `approved`: `true` keeps the image (clears the flag), `false` rejects it (the image is removed).
 * Other fields are passed through for backends that want more (a reason, say).
 */
export const flaggedImageDecisionSchema = boundedBody(
  z.looseObject({
    filename: boundedText(TEXT_LIMITS.filename).min(1),
    approved: z.boolean().optional(),
  }),
);
export type FlaggedImageDecision = z.input<typeof flaggedImageDecisionSchema>;

/** `POST bulk`: the images of one type for many users (SPEC.md shows `{users, image_type}`). */
export const bulkImagesSchema = boundedBody(
  z.object({
    users: boundedList(id),
    image_type: boundedText(TEXT_LIMITS.name),
  }),
);
export type BulkImagesInput = z.input<typeof bulkImagesSchema>;
