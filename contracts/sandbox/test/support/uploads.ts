/** Image uploads over plain multipart HTTP, for tests that need the raw answer. */
import { expect } from 'vitest';
import { pathOf } from './paths';

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export type Uploaded = { filename: string; imageUrl: string; thumbnailUrl: string };

/** Uploads a 1x1 PNG through `images.upload` or `images.uploadContact` and answers the image. */
export async function upload(
  baseUrl: string,
  token: string,
  id: 'images.upload' | 'images.uploadContact',
  fields: Record<string, string> = {},
): Promise<Uploaded> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'photo.png');
  const answer = await fetch(`${baseUrl}${pathOf(id)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as Uploaded;
}
