/** Bytes of stored or generated files (KYC documents, chat files). */

import type { World } from '../core/world';
import type { BinaryAnswer } from '../http/request-context';
import { simplePdf } from '../media/pdf';
import { idCardPng, photoPng } from '../media/png';
import { own } from '../state/dict';
import type { ChatFileRecord, KycDocumentRecord } from '../state/types';

export function binary(contentType: string, bytes: Buffer, filename: string): BinaryAnswer {
  return { kind: 'binary', contentType, bytes, filename };
}

export function kycDocumentBytes(world: World, doc: KycDocumentRecord): BinaryAnswer {
  if (doc.data) return binary(doc.content_type, Buffer.from(doc.data, 'base64'), doc.filename);
  if (doc.content_type === 'application/pdf') {
    const user = world.store.user(doc.user_id);
    const bytes = simplePdf([
      'Matchmaker sandbox - identity document (generated, not real)',
      `Document: ${doc.id}`,
      `Request: ${doc.request_id}`,
      `Holder: ${user ? `${user.first_name} ${user.last_name}` : 'unknown'}`,
      `Date of birth: ${user?.profile.date_of_birth ?? 'unknown'}`,
    ]);
    return binary('application/pdf', bytes, doc.filename);
  }
  return binary('image/png', idCardPng(doc.id), doc.filename);
}

export function chatFileBytes(file: ChatFileRecord): BinaryAnswer {
  if (file.data) return binary(file.content_type, Buffer.from(file.data, 'base64'), file.filename);
  return binary('image/png', photoPng(file.filename), file.filename);
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'application/pdf': 'pdf',
};

export function extensionOf(contentType: string, filename: string): string {
  return own(EXTENSIONS, contentType) ?? /\.([A-Za-z0-9]{1,5})$/.exec(filename)?.[1]?.toLowerCase() ?? 'bin';
}
