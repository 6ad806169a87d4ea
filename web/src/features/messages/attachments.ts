/**
 * The bytes of chat attachments, through the SDK (`chats.getFile` carries the session, a plain
 * <img src> would not). The last few files are kept as Blobs, so scrolling back to an image or
 * downloading it does not fetch it again; logout empties that cache.
 */
import { getClient } from '../../lib/client';
import { onSessionEnd } from '../../state/session-end';

const CACHE_SIZE = 24;

const cache = new Map<string, Promise<Blob>>();
onSessionEnd(() => cache.clear());

/** The file's bytes, shared by every caller that asks while it loads; a failure is not kept. */
export function fetchFile(filename: string): Promise<Blob> {
  const known = cache.get(filename);
  if (known) {
    // Most recently used last, so the oldest is the one to drop.
    cache.delete(filename);
    cache.set(filename, known);
    return known;
  }
  const loading = getClient().chats.getFile(filename);
  cache.set(filename, loading);
  loading.catch(() => cache.delete(filename));
  while (cache.size > CACHE_SIZE) {
    const oldest = cache.keys().next().value;
    if (oldest === undefined) break;
    cache.delete(oldest);
  }
  return loading;
}

/** Uploads a file for a message; undefined when the session ended meanwhile (the SDK skips it). */
export async function uploadAttachment(file: File): Promise<{ filename: string } | undefined> {
  return getClient().images.uploadContact({ file });
}
