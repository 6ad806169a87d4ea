/**
 * Reads an upload's multipart body. busboy's own failures (no boundary, a part cut off before its
 * closing boundary, a malformed part header) carry no status; they are the client's bad body, so
 * they answer 400 naming the body, never a 5xx.
 */
import { UPLOAD_LIMITS } from '@matchmaker/sdk/schemas';
import type { FastifyRequest } from 'fastify';
import { dict } from '../state/dict';
import { ApiError } from './api-error';
import type { UploadedFile } from './request-context';

export interface MultipartBody {
  fields: Record<string, unknown>;
  files: UploadedFile[];
}

/** At most this many parts (files and fields) in one body, @fastify/multipart's default made explicit. */
export const MAX_PARTS = 1000;

const malformed = (why: string): ApiError =>
  new ApiError(400, 'Validation failed', { errors: [{ path: 'body', message: why }] });

/** @fastify/multipart's limit errors (`reach files limit`), as messages naming the limit. */
const LIMIT_MESSAGES: Record<string, string> = {
  FST_FILES_LIMIT: `More than ${UPLOAD_LIMITS.maxFiles} files in one upload`,
  FST_REQ_FILE_TOO_LARGE: `The file is larger than ${UPLOAD_LIMITS.maxBytes} bytes`,
  FST_PARTS_LIMIT: `More than ${MAX_PARTS} parts (files and fields) in one multipart body`,
};

/** What a failure while reading the parts answers: 413 naming the limit, or 400 for a malformed body. */
function readFailure(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const code = String((error as { code?: unknown }).code ?? '');
  const limit = Object.hasOwn(LIMIT_MESSAGES, code) ? LIMIT_MESSAGES[code] : undefined;
  if (limit) return new ApiError(413, limit);
  if (code === 'FST_PROTO_VIOLATION')
    return new ApiError(400, 'Validation failed', {
      errors: [{ path: 'body.__proto__', message: 'A field named __proto__ is not allowed' }],
    });
  const reason = error instanceof Error ? error.message : String(error);
  return malformed(`Malformed multipart/form-data body: ${reason}`);
}

export async function readMultipart(request: FastifyRequest): Promise<MultipartBody> {
  if (!request.isMultipart()) throw malformed('Expected a multipart/form-data body');
  const fields = dict<unknown>();
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts({
      limits: { fileSize: UPLOAD_LIMITS.maxBytes, files: UPLOAD_LIMITS.maxFiles, parts: MAX_PARTS },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        files.push({ field: part.fieldname, filename: part.filename, contentType: part.mimetype, bytes });
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw readFailure(error);
  }
  return { fields, files };
}
