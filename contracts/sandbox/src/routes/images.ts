/** /api/bytebox/v2/images: members' photos, KYC document uploads and the flagged-image review. */
import { FLAGGED_IMAGES_PAGE_SIZE } from '@matchmaker/sdk/rules';
import { ALREADY_DECIDED, UPLOAD_LIMITS } from '@matchmaker/sdk/schemas';
import { randomToken } from '../core/auth';
import { imageView, paginate } from '../core/views';
import type { World } from '../core/world';
import { extensionOf } from '../domain/files';
import { isAdminUser } from '../http/access';
import { ApiError, fieldError, notAllowed, notFound } from '../http/api-error';
import type { UploadedFile } from '../http/request-context';
import { GALLERY_PHOTO, KYC_IMAGE_TYPE, PROFILE_PHOTO } from '../seed/back-office';
import { dict } from '../state/dict';
import type { ImageDecisionRecord, ImageRecord, KycRequestRecord, UserRecord } from '../state/types';
import type { HandlerMap } from './types';

const CONTACT_IMAGE = 'Contact';
/** The catalogue's upload rule: the SDK refuses the same files before sending them. */
const ALLOWED_TYPES: ReadonlySet<string> = new Set(UPLOAD_LIMITS.contentTypes);

const isKycType = (type: string): boolean => /kyc|identity|passport|document/i.test(type);

function canManage(user: UserRecord, image: ImageRecord): boolean {
  return image.user_id === user.keycloakId || isAdminUser(user);
}

function imageOf(world: World, filename: string): ImageRecord {
  const image = world.store.image(filename);
  if (!image) throw notFound('Image');
  return image;
}

/** 409 with the earlier decision (the SDK's `flaggedImageAlreadyDecidedSchema`). */
function alreadyDecided(decision: ImageDecisionRecord): ApiError {
  const how = decision.approved ? 'kept' : 'removed';
  return new ApiError(409, `Image ${decision.filename} was already ${how} on ${decision.decided_at}`, {
    code: ALREADY_DECIDED,
    decision: {
      filename: decision.filename,
      approved: decision.approved,
      decided_at: decision.decided_at,
      decided_by: decision.decided_by,
    },
  });
}

/** The upload's file: under the field its rule names (`file`), as the document says; no other. */
function theFile(files: UploadedFile[], field = 'file'): UploadedFile {
  const file = files.find((entry) => entry.field === field);
  if (!file) {
    const others = files.map((entry) => `"${entry.field}"`).join(', ');
    throw fieldError(
      `body.${field}`,
      `A file is required (multipart field "${field}")${others ? `; got one under ${others}` : ''}`,
    );
  }
  if (file.bytes.length === 0) throw fieldError('body.file', 'The file is empty');
  if (!ALLOWED_TYPES.has(file.contentType)) {
    throw fieldError('body.file', `Unsupported file type ${file.contentType || 'unknown'}`);
  }
  return file;
}

/** One profile photo per member: a new one turns the previous ones into gallery photos. */
function makeProfilePhoto(world: World, image: ImageRecord): void {
  for (const other of world.store.imagesOf(image.user_id)) {
    if (other !== image && other.image_type === PROFILE_PHOTO) other.image_type = GALLERY_PHOTO;
  }
  image.image_type = PROFILE_PHOTO;
  image.is_public = true;
}

/** A KYC upload joins the member's open request, or starts a new one. */
function uploadKycDocument(world: World, user: UserRecord, file: UploadedFile, type: string) {
  const requests = world.store.data.kycRequests;
  let request = requests.findLast(
    (entry) =>
      entry.user_id === user.keycloakId && (entry.status === 'PENDING' || entry.status === 'IN_REVIEW'),
  );
  const now = world.nowIso();
  if (!request) {
    const created: KycRequestRecord = {
      id: world.store.nextId('kyc'),
      user_id: user.keycloakId,
      status: 'PENDING',
      document_type: 'NATIONAL_ID',
      documents: [],
      comment: null,
      reviewer_id: null,
      created_at: now,
      updated_at: now,
      reviewed_at: null,
    };
    requests.push(created);
    request = created;
  }
  const docId = world.store.nextId('doc');
  world.store.data.kycDocuments[docId] = {
    id: docId,
    request_id: request.id,
    user_id: user.keycloakId,
    filename: `${docId}.${extensionOf(file.contentType, file.filename)}`,
    content_type: file.contentType,
    data: file.bytes.toString('base64'),
  };
  request.documents.push(docId);
  request.updated_at = now;
  return {
    id: docId,
    filename: `${docId}.${extensionOf(file.contentType, file.filename)}`,
    user_id: user.keycloakId,
    image_type: type,
    flagged: false,
    imageUrl: null,
    thumbnailUrl: null,
    thumbnail: null,
    kyc_request_id: request.id,
    kyc_status: request.status,
    created_at: now,
  };
}

function storeUpload(
  world: World,
  fields: Record<string, unknown>,
  user: UserRecord,
  type: string,
  file: UploadedFile,
): ImageRecord {
  // Random, not a counter: the name is part of a link, and a guessable one invites trying others.
  const filename = `img-${randomToken(18)}.${extensionOf(file.contentType, file.filename)}`;
  const image: ImageRecord = {
    filename,
    user_id: user.keycloakId,
    image_type: type,
    flagged: false,
    flag_reason: null,
    is_public: type !== CONTACT_IMAGE && fields.is_public !== false && fields.is_public !== 'false',
    kind: 'upload',
    content_type: file.contentType,
    data: file.bytes.toString('base64'),
    hue: 0,
    caption: typeof fields.caption === 'string' ? fields.caption : null,
    created_at: world.nowIso(),
  };
  world.store.addImage(image);
  if (type === PROFILE_PHOTO) makeProfilePhoto(world, image);
  return image;
}

export const imagesHandlers: HandlerMap<'images'> = {
  'images.list': ({ world, params, query, user, baseUrl }) => {
    const owner = world.store.findUser(params.userId);
    if (!owner) throw notFound('User');
    const everything = !query.public && (owner === user || isAdminUser(user));
    const images = world.store
      .imagesOf(owner.keycloakId)
      .filter((image) => everything || (image.is_public && !image.flagged));
    return { user_id: owner.keycloakId, images: images.map((image) => imageView(world, baseUrl, image)) };
  },

  'images.getProfileImage': ({ world, params, baseUrl }) => {
    const owner = world.store.findUser(params.userId);
    const photo = owner
      ? world.store.imagesOf(owner.keycloakId).find((image) => image.image_type === PROFILE_PHOTO)
      : undefined;
    if (!photo || photo.flagged) throw notFound('Profile image');
    return imageView(world, baseUrl, photo);
  },

  'images.get': ({ world, params, user, baseUrl }) => {
    const image = imageOf(world, params.filename);
    if (!image.is_public && !canManage(user, image)) throw notFound('Image');
    return imageView(world, baseUrl, image);
  },

  'images.upload': (ctx) => {
    const { user, baseUrl, world } = ctx;
    const file = theFile(ctx.files, ctx.endpoint.upload?.field);
    const type = ctx.body.image_type?.trim() || GALLERY_PHOTO;
    if (isKycType(type) || type === KYC_IMAGE_TYPE) return uploadKycDocument(world, user, file, type);
    return imageView(world, baseUrl, storeUpload(world, ctx.body, user, type, file));
  },

  'images.uploadContact': (ctx) => {
    const { user, baseUrl, world } = ctx;
    const file = theFile(ctx.files, ctx.endpoint.upload?.field);
    const image = storeUpload(world, ctx.body, user, ctx.body.image_type?.trim() || CONTACT_IMAGE, file);
    // Contact images double as chat files, so a message can carry one and the recipient download it.
    world.store.data.chatFiles[image.filename] = {
      filename: image.filename,
      room: '',
      user_id: user.keycloakId,
      content_type: file.contentType,
      data: image.data,
    };
    return imageView(world, baseUrl, image);
  },

  'images.edit': ({ world, params, body, user, baseUrl }) => {
    const image = imageOf(world, params.filename);
    if (!canManage(user, image)) throw notAllowed('You can only edit your own images');
    const extra = body as Record<string, unknown>;
    if (typeof extra.caption === 'string' || extra.caption === null)
      image.caption = extra.caption as string | null;
    if (typeof extra.is_public === 'boolean') image.is_public = extra.is_public;
    if (body.image_type === PROFILE_PHOTO) makeProfilePhoto(world, image);
    else if (body.image_type) image.image_type = body.image_type;
    return imageView(world, baseUrl, image);
  },

  'images.delete': ({ world, params, user }) => {
    const image = imageOf(world, params.filename);
    if (!canManage(user, image)) throw notAllowed('You can only delete your own images');
    world.store.removeImage(image.filename);
    return { message: 'Image deleted', filename: image.filename };
  },

  'images.listFlagged': ({ world, query, baseUrl }) => {
    const flagged = Object.values(world.store.data.images)
      .filter((image) => image.flagged)
      .sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
    const { items, meta } = paginate(flagged, query.page, query.page_size ?? FLAGGED_IMAGES_PAGE_SIZE);
    return {
      images: items.map((image) => {
        const owner = world.store.user(image.user_id);
        return {
          ...imageView(world, baseUrl, image),
          user: owner
            ? {
                id: owner.keycloakId,
                username: owner.username,
                first_name: owner.first_name,
                last_name: owner.last_name,
              }
            : null,
        };
      }),
      ...meta,
      page_size: query.page_size,
    };
  },

  'images.decideFlagged': ({ world, body, user: admin }) => {
    const earlier = world.store.imageDecision(body.filename);
    if (earlier) throw alreadyDecided(earlier);
    const image = world.store.image(body.filename);
    // Only a flagged image is decided: a member's photo nobody flagged is not removed by mistake.
    if (!image?.flagged) throw new ApiError(404, `No flagged image named ${body.filename}`);
    const extra = body as Record<string, unknown>;
    let approved = body.approved;
    if (approved === undefined) {
      const word = String(extra.decision ?? extra.action ?? extra.status ?? '').toLowerCase();
      if (/^(approve|approved|keep|accept|accepted|allow)$/.test(word)) approved = true;
      else if (/^(reject|rejected|remove|delete|deny|denied)$/.test(word)) approved = false;
    }
    if (approved === undefined)
      throw fieldError('body.approved', 'Say whether the image is approved (true) or rejected (false)');
    if (approved) {
      image.flagged = false;
      image.flag_reason = null;
    } else {
      world.store.removeImage(image.filename);
    }
    world.store.recordImageDecision({
      filename: image.filename,
      user_id: image.user_id,
      approved,
      decided_at: world.nowIso(),
      decided_by: admin.keycloakId,
    });
    return { message: approved ? 'Image approved' : 'Image removed', filename: image.filename, approved };
  },

  'images.bulk': ({ world, body, baseUrl }) => {
    const byUser = dict<ReturnType<typeof imageView>[]>();
    const images: ReturnType<typeof imageView>[] = [];
    for (const id of body.users) {
      const list = world.store
        .imagesOf(String(id))
        .filter((image) => image.image_type === body.image_type && !image.flagged && image.is_public)
        .map((image) => imageView(world, baseUrl, image));
      byUser[String(id)] = list;
      images.push(...list);
    }
    return { image_type: body.image_type, images, by_user: byUser };
  },
};
