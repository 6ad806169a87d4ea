import { describe, expect, it } from 'vitest';
import { isContractError } from '../../src/index';
import { answerFor } from '../support/answers';
import { testClient } from '../support/client';
import { type RecordedRequest, useTestServer } from '../support/server';

const server = useTestServer(answerFor);

const lastRequest = () => server.lastRequest();

/** Parses the recorded multipart body the way a server would. */
function formOf(request: RecordedRequest): Promise<FormData> {
  const contentType = request.headers['content-type'] ?? '';
  return new Response(request.text, { headers: { 'content-type': contentType } }).formData();
}

describe('images service requests', () => {
  it("list GETs a user's images without a query by default", async () => {
    const answer = await testClient(server.url).images.list('kc-1');
    const request = lastRequest();
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/api/bytebox/v2/images/kc-1/list');
    expect([...request.query]).toEqual([]);
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it('list adds ?public=true only when asked', async () => {
    const client = testClient(server.url);
    await client.images.list('kc-1', { public: true });
    expect(Object.fromEntries(lastRequest().query)).toEqual({ public: 'true' });
    await client.images.list('kc-1', { public: false });
    expect([...lastRequest().query]).toEqual([]);
  });

  it('getProfileImage GETs {userId}/profile', async () => {
    const answer = await testClient(server.url).images.getProfileImage(12);
    expect(lastRequest().method).toBe('GET');
    expect(lastRequest().path).toBe('/api/bytebox/v2/images/12/profile');
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it('get GETs {filename}, encoded as one path segment', async () => {
    const answer = await testClient(server.url).images.get('my photo.jpg');
    expect(lastRequest().method).toBe('GET');
    expect(lastRequest().path).toBe('/api/bytebox/v2/images/my%20photo.jpg');
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it('upload sends multipart with the file under `file` and the fields as text', async () => {
    const file = new Blob(['fake-jpeg-bytes'], { type: 'image/jpeg' });
    const answer = await testClient(server.url).images.upload({
      file,
      filename: 'me.jpg',
      image_type: 'Profile Photo',
      primary: true,
    });
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/api/bytebox/v2/images/upload');
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const form = await formOf(request);
    const part = form.get('file');
    expect(part).toBeInstanceOf(File);
    expect((part as File).name).toBe('me.jpg');
    expect(await (part as File).text()).toBe('fake-jpeg-bytes');
    expect(form.get('image_type')).toBe('Profile Photo');
    expect(form.get('primary')).toBe('true');
    expect(form.has('filename')).toBe(false);
    expect(answer).toEqual(answerFor(request).body);
  });

  it('uploadContact sends multipart to contact/upload', async () => {
    await testClient(server.url).images.uploadContact({
      file: new Blob(['x'], { type: 'image/png' }),
      image_type: 'Contact',
    });
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/api/bytebox/v2/images/contact/upload');
    const form = await formOf(request);
    expect(form.get('file')).toBeInstanceOf(File);
    expect(form.get('image_type')).toBe('Contact');
  });

  it('uploadContact is skipped when logged out', async () => {
    const answer = await testClient(server.url, { tokens: null }).images.uploadContact({
      file: new Blob(['x']),
    });
    expect(answer).toBeUndefined();
    expect(server.requests).toHaveLength(0);
  });

  it('edit PUTs the changes to {filename}/edit', async () => {
    const answer = await testClient(server.url).images.edit('a.jpg', { image_type: 'Gallery' });
    const request = lastRequest();
    expect(request.method).toBe('PUT');
    expect(request.path).toBe('/api/bytebox/v2/images/a.jpg/edit');
    expect(request.json).toEqual({ image_type: 'Gallery' });
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it('delete sends DELETE {filename}/delete', async () => {
    const answer = await testClient(server.url).images.delete('a.jpg');
    expect(lastRequest().method).toBe('DELETE');
    expect(lastRequest().path).toBe('/api/bytebox/v2/images/a.jpg/delete');
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it('listFlagged sends ?page=&page_size=100', async () => {
    const answer = await testClient(server.url).images.listFlagged({ page: 3 });
    const request = lastRequest();
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/api/bytebox/v2/images/flagged');
    expect(Object.fromEntries(request.query)).toEqual({ page: '3', page_size: '100' });
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it('decideFlagged POSTs {filename, approved, ...}', async () => {
    const answer = await testClient(server.url).images.decideFlagged({
      filename: 'a.jpg',
      approved: false,
      reason: 'nudity',
    });
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/api/bytebox/v2/images/flagged');
    expect(request.json).toEqual({ filename: 'a.jpg', approved: false, reason: 'nudity' });
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it('decideFlagged refuses a decision without a filename, without sending', async () => {
    const error = await testClient(server.url)
      .images.decideFlagged({ filename: '', approved: true })
      .catch((e: unknown) => e);
    expect(isContractError(error)).toBe(true);
    expect((error as Error).message).toContain('images.decideFlagged: request.body.filename');
    expect(server.requests).toHaveLength(0);
  });

  it('bulk POSTs {users, image_type}', async () => {
    const answer = await testClient(server.url).images.bulk({
      users: ['kc-1', 'kc-2'],
      image_type: 'Profile Photo',
    });
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/api/bytebox/v2/images/bulk');
    expect(request.json).toEqual({ users: ['kc-1', 'kc-2'], image_type: 'Profile Photo' });
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it('bulk is skipped when logged out', async () => {
    const answer = await testClient(server.url, { tokens: null }).images.bulk({
      users: ['kc-1'],
      image_type: 'x',
    });
    expect(answer).toBeUndefined();
    expect(server.requests).toHaveLength(0);
  });
});
