/** Words for the member when a call fails: what went wrong and what to do, never a stack trace. */
import { isHttpError, isNetworkError, isTimeoutError } from '@matchmaker/sdk';
import { isChunkLoadError } from './chunk-error';

/** The server's own `message`, when its answer has one. */
export function serverMessage(error: unknown): string | null {
  if (!isHttpError(error)) return null;
  const body: unknown = error.body;
  if (body !== null && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return null;
}

export function describeError(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  // A part of the app that could not be downloaded is the same trouble, in the member's words.
  if (isNetworkError(error) || isChunkLoadError(error))
    return 'We could not reach Matchmaker. Check your connection and try again.';
  if (isTimeoutError(error)) return 'Matchmaker took too long to answer. Please try again.';
  return serverMessage(error) ?? fallback;
}
