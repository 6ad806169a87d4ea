import { FLAGGED_IMAGES_PAGE_SIZE } from '../constants';
import type { CallOptions } from '../endpoints/define';
import { imagesEndpoints } from '../endpoints/images';
import type { Id } from '../schemas/common';
import type {
  BulkImagesInput,
  FlaggedImageDecision,
  FlaggedImagesInput,
  ImageEdit,
  ImageListOptions,
  ImageUploadInput,
} from '../schemas/image';
import type { ServiceContext } from './context';

/** The multipart body of an upload: the file under `file`, other fields as text. */
function toFormData(input: ImageUploadInput): FormData {
  const { file, filename, ...fields } = input;
  const form = new FormData();
  if (filename === undefined) form.append('file', file);
  else form.append('file', file, filename);
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (value instanceof Blob) form.append(name, value);
    else form.append(name, String(value));
  }
  return form;
}

/** Images: members' photos and documents, and the admin review of flagged images. */
export function createImagesService(ctx: ServiceContext) {
  const { transport } = ctx;
  return {
    /** A user's images; `{ public: true }` asks only for the ones other members may see. */
    list(userId: Id, listOptions: ImageListOptions = {}, options?: CallOptions) {
      const query = listOptions.public === true ? { public: true as const } : {};
      return transport.call(imagesEndpoints.list, { params: { userId }, query }, options);
    },
    /** A user's profile photo. */
    getProfileImage(userId: Id, options?: CallOptions) {
      return transport.call(imagesEndpoints.getProfileImage, { params: { userId } }, options);
    },
    /** One image by file name. */
    get(filename: string, options?: CallOptions) {
      return transport.call(imagesEndpoints.get, { params: { filename } }, options);
    },
    /** Uploads an image or document as multipart (`file` plus fields such as `image_type`). */
    upload(input: ImageUploadInput, options?: CallOptions) {
      return transport.call(imagesEndpoints.upload, { body: toFormData(input) }, options);
    },
    /** Uploads a contact image as multipart; resolves `undefined` without sending when logged out. */
    uploadContact(input: ImageUploadInput, options?: CallOptions) {
      return transport.call(imagesEndpoints.uploadContact, { body: toFormData(input) }, options);
    },
    /** Changes an image's details. */
    edit(filename: string, changes: ImageEdit, options?: CallOptions) {
      return transport.call(imagesEndpoints.edit, { params: { filename }, body: changes }, options);
    },
    /** Deletes an image. */
    delete(filename: string, options?: CallOptions) {
      return transport.call(imagesEndpoints.delete, { params: { filename } }, options);
    },
    /** One page of flagged images to review, 100 per page (admin). */
    listFlagged(input: FlaggedImagesInput, options?: CallOptions) {
      return transport.call(
        imagesEndpoints.listFlagged,
        { query: { page: input.page, page_size: FLAGGED_IMAGES_PAGE_SIZE } },
        options,
      );
    },
    /** Posts the decision on a flagged image: `{ filename, approved }` (admin). */
    decideFlagged(decision: FlaggedImageDecision, options?: CallOptions) {
      return transport.call(imagesEndpoints.decideFlagged, { body: decision }, options);
    },
    /** Images of one type for many users; resolves `undefined` without sending when logged out. */
    bulk(input: BulkImagesInput, options?: CallOptions) {
      return transport.call(imagesEndpoints.bulk, { body: input }, options);
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
