/**
 * What the document refuses, the sandbox refuses too: a body of a type the call does not take
 * (415), an upload's file under another field name, query numbers written other than in decimal
 * digits (with a message naming the parameter and its rule), `page=0` (pages count from 1), and an
 * empty path parameter.
 */
import { describe, expect, it } from 'vitest';
import { accessToken, call } from '../support/http';
import { pathOf } from '../support/paths';
import { sandbox } from '../support/sandbox';
import { PNG } from '../support/uploads';

const LOGIN = JSON.stringify({ email: 'member1@sandbox.test', password: 'Sandbox#2026' });

async function send(url: string, init: RequestInit) {
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

describe('requests the document refuses', () => {
  it('answers 415 naming the type to a JSON call sent a form, text or multipart', async () => {
    const box = await sandbox();
    const url = `${box.url}${pathOf('accounts.login')}`;
    const form = new FormData();
    form.append('email', 'member1@sandbox.test');
    const bodies: [string, RequestInit][] = [
      [
        'application/x-www-form-urlencoded',
        {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'email=member1%40sandbox.test&password=Sandbox%232026',
        },
      ],
      ['text/plain', { headers: { 'content-type': 'text/plain' }, body: LOGIN }],
      ['multipart/form-data', { body: form }],
    ];
    for (const [type, init] of bodies) {
      const answer = await send(url, { method: 'POST', ...init });
      expect({ type, ...answer }).toMatchObject({
        type,
        status: 415,
        body: { message: expect.stringContaining(type) },
      });
    }
    // JSON with a charset parameter is still JSON.
    const json = await send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: LOGIN,
    });
    expect(json.status).toBe(200);
  });

  it('reads no content type on a call that takes no body when none is sent', async () => {
    // A client (or a proxy) may send an empty PUT with a content type: fetch labels '' as
    // text/plain. With nothing to read there is nothing of the wrong type.
    const box = await sandbox();
    const admin = await accessToken(box.url, 'admin');
    const url = `${box.url}${pathOf('features.toggle', { code: 'REFERRALS' })}`;
    const empty = await send(url, { method: 'PUT', headers: { authorization: `Bearer ${admin}` }, body: '' });
    expect(empty.status).toBe(200);
    const text = await send(url, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'text/plain' },
      body: 'on',
    });
    expect(text).toMatchObject({ status: 415, body: { message: expect.stringContaining('text/plain') } });
  });

  it('answers 415 to an upload sent as JSON, and 400 naming body.file to a file under another name', async () => {
    const box = await sandbox();
    const token = await accessToken(box.url, 'member1');
    const url = `${box.url}${pathOf('images.upload')}`;
    const asJson = await send(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(asJson).toMatchObject({
      status: 415,
      body: { message: expect.stringContaining('multipart/form-data') },
    });
    const form = new FormData();
    form.append('photo', new Blob([PNG], { type: 'image/png' }), 'photo.png');
    const renamed = await send(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(renamed).toMatchObject({ status: 400, body: { errors: [{ path: 'body.file' }] } });
    expect(JSON.stringify(renamed.body)).toContain('photo');
  });

  it('reads query numbers only as decimal digits, and names the parameter and its rule', async () => {
    const box = await sandbox();
    const token = await accessToken(box.url, 'member1');
    const path = pathOf('recommendations.list');
    for (const page of ['0x1', '1e0', '%201', '1.5', '-1', '0', '']) {
      const answer = await call(box.url, token, 'GET', `${path}?page=${page}&per_page=50`);
      expect({ page, ...answer }).toMatchObject({
        page,
        status: 400,
        body: { errors: [{ path: 'query.page', message: 'Must be a whole number of at least 1' }] },
      });
    }
    expect((await call(box.url, token, 'GET', `${path}?page=1&per_page=50`)).status).toBe(200);
    const size = await call(box.url, token, 'GET', `${path}?page=1&per_page=5e1`);
    expect(size).toMatchObject({ status: 400, body: { errors: [{ path: 'query.per_page' }] } });
  });

  it('answers 400 naming the parameter to an empty path parameter', async () => {
    const box = await sandbox();
    const token = await accessToken(box.url, 'admin');
    const answer = await call(box.url, token, 'GET', pathOf('kyc.listUserRequests', { userId: '' }));
    expect(answer).toMatchObject({ status: 400, body: { errors: [{ path: 'params.userId' }] } });
  });
});
