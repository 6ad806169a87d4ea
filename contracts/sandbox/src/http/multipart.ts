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

const malformed = (why: string): ApiError =>
  new ApiError(400, 'Validation failed', { errors: [{ path: 'body', message: why }] });

/** What a failure while reading the parts answers: its own 4xx, or 400 for a malformed body. */
function readFailure(error: unknown): ApiError | Error {
  if (error instanceof ApiError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500 && status !== 406) return error as Error;
  const reason = error instanceof Error ? error.message : String(error);
  return malformed(`Malformed multipart/form-data body: ${reason}`);
}

export async function readMultipart(request: FastifyRequest): Promise<MultipartBody> {
  if (!request.isMultipart()) throw malformed('Expected a multipart/form-data body');
  const fields = dict<unknown>();
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts({
      limits: { fileSize: UPLOAD_LIMITS.maxBytes, files: UPLOAD_LIMITS.maxFiles },
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
