import * as z from 'zod/mini';
import { FLAGGED_IMAGES_PAGE_SIZE } from '../constants';
import { id, messageAnswerSchema, page, pagingSchema, timestamp } from './common';
import { boundedBody, boundedList, boundedText, TEXT_LIMITS } from './limits';

/**
 * Images (SPEC.md sections 3 and 7). The image type (for example 'Profile Photo') is called
 * `image_type`, the name the bulk call's body uses. Required are what a gallery needs to show and
 * manage an image: its file name, owner, type, flag and URLs (null while there is nothing to show,
 * as for an identity document).
 */
export const imageSchema = z.looseObject({
  id: z.optional(id),
  user_id: id,
  filename: z.string().check(z.minLength(1)),
  flagged: z.boolean(),
  imageUrl: z.nullable(z.string()),
  thumbnailUrl: z.nullable(z.string()),
  /** The thumbnail's URL again, under the name older clients read. */
  thumbnail: z.optional(z.nullable(z.string())),
  image_type: z.string().check(z.minLength(1)),
  flag_reason: z.optional(z.nullable(z.string())),
  is_public: z.optional(z.boolean()),
  caption: z.optional(z.nullable(z.string())),
  content_type: z.optional(z.string()),
  created_at: z.optional(timestamp),
});
export type Image = z.infer<typeof imageSchema>;

/** The image type SPEC.md gives as an example. */
export const PROFILE_PHOTO_IMAGE_TYPE = 'Profile Photo';

/** `images.list` query: `?public=true` only when the caller asks for the public images. */
export const imageListQuerySchema = z.object({ public: z.optional(z.literal(true)) });
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
    image_type: z.optional(boundedText(TEXT_LIMITS.name)),
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
    image_type: z.optional(boundedText(TEXT_LIMITS.name)),
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
    filename: boundedText(TEXT_LIMITS.filename).check(z.minLength(1)),
    approved: z.boolean(),
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

/* Answers of the image calls (the reference provider's, proposed as the contract). */

/** `GET {userId}/list`: the owner and the images the caller may see. */
export const imageListSchema = z.looseObject({ user_id: id, images: z.array(imageSchema) });
export type ImageList = z.infer<typeof imageListSchema>;

/**
 * An upload: the stored image. An identity document (KYC) upload has no URLs and names the KYC
 * request it joined.
 */
export const uploadedImageSchema = z.extend(imageSchema, {
  kyc_request_id: z.optional(id),
  kyc_status: z.optional(z.string()),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

export const imageDeletedSchema = z.extend(messageAnswerSchema, { filename: z.string() });
export type ImageDeleted = z.infer<typeof imageDeletedSchema>;

/** The owner named beside a flagged image, for the reviewer. */
export const imageOwnerSchema = z.looseObject({
  id,
  username: z.string(),
  first_name: z.optional(z.nullable(z.string())),
  last_name: z.optional(z.nullable(z.string())),
});

export const flaggedImageSchema = z.extend(imageSchema, { user: z.nullable(imageOwnerSchema) });
export type FlaggedImage = z.infer<typeof flaggedImageSchema>;

/** `GET flagged`: one page of the review list, newest first. */
export const flaggedImagePageSchema = z.extend(pagingSchema, {
  images: z.array(flaggedImageSchema),
  page_size: z.optional(z.int().check(z.positive())),
});
export type FlaggedImagePage = z.infer<typeof flaggedImagePageSchema>;

/** The decision taken: `approved: false` means the image was removed. */
export const flaggedImageDecidedSchema = z.extend(messageAnswerSchema, {
  filename: z.string(),
  approved: z.boolean(),
});
export type FlaggedImageDecided = z.infer<typeof flaggedImageDecidedSchema>;

/** The code of the 409 a decision on an image already decided answers. */
export const ALREADY_DECIDED = 'ALREADY_DECIDED';

/**
 * `POST flagged` on an image already decided answers 409 with this body: the earlier decision, so
 * a client retrying after a time-out can tell "done, the same way" from "someone decided otherwise".
 */
export const flaggedImageAlreadyDecidedSchema = z.extend(messageAnswerSchema, {
  code: z.literal(ALREADY_DECIDED),
  decision: z.looseObject({
    filename: z.string(),
    /** true: kept (the flag cleared); false: removed. */
    approved: z.boolean(),
    decided_at: z.string(),
    /** The admin who decided, when known. */
    decided_by: z.nullable(z.string()),
  }),
});
export type FlaggedImageAlreadyDecided = z.infer<typeof flaggedImageAlreadyDecidedSchema>;

/** `POST bulk`: the images of one type, all together and per user id. */
export const bulkImagesAnswerSchema = z.looseObject({
  image_type: z.string(),
  images: z.array(imageSchema),
  by_user: z.optional(z.record(z.string(), z.array(imageSchema))),
});
export type BulkImagesAnswer = z.infer<typeof bulkImagesAnswerSchema>;
