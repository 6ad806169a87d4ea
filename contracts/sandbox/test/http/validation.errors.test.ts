import { isHttpError } from '@matchmaker/sdk';
import { endpointList } from '@matchmaker/sdk/schemas';
import { describe, expect, it } from 'vitest';
import { ADMIN_ONLY } from '../../src/http/access';
import { coerceRecord } from '../../src/http/validation';
import { handlers } from '../../src/routes/index';
import { pathOf } from '../support/paths';
import { json, loggedIn, sandbox } from '../support/sandbox';

interface ErrorBody {
  message: string;
  errors?: { path: string; message: string }[];
}

describe('routing and validation', () => {
  it('has a handler for every catalogue id, and nothing else', () => {
    const ids = endpointList.map((entry) => entry.id).sort();
    expect(Object.keys(handlers).sort()).toEqual(ids);
    for (const id of ADMIN_ONLY) expect(ids).toContain(id);
  });

  it('answers a bad registration with 400 and the field errors', async () => {
    const box = await sandbox();
    const response = await fetch(`${box.url}${pathOf('accounts.register')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'A', email: 42, agreed_to_terms: 'yes' }),
    });
    expect(response.status).toBe(400);
    const body = await json<ErrorBody>(response);
    expect(body.message).toBe('Validation failed');
    const paths = body.errors?.map((error) => error.path) ?? [];
    expect(paths).toEqual(
      expect.arrayContaining(['body.email', 'body.last_name', 'body.password', 'body.agreed_to_terms']),
    );
  });

  it('refuses a taken email with a field error, through the SDK', async () => {
    const box = await sandbox();
    const api = await loggedIn(box, 'member1');
    const error = await api.accounts
      .register({
        first_name: 'Sarah',
        last_name: 'Again',
        username: 'sarah.again',
        date_of_birth: '1990-01-01',
        sex: 'female',
        email: 'member1@sandbox.test',
        password: 'Another#2026',
        agreed_to_terms: true,
      })
      .catch((caught: unknown) => caught);
    expect(isHttpError(error) && error.status).toBe(400);
    expect(isHttpError(error) && (error.body as ErrorBody).errors).toEqual([
      { path: 'body.email', message: 'Email already registered' },
    ]);
  });

  it('coerces query strings to the numbers and literals the schemas want', async () => {
    const box = await sandbox();
    const api = await loggedIn(box, 'member1');
    const token = await api.session.getAccessToken();
    const headers = { authorization: `Bearer ${token}` };
    const ok = await fetch(`${box.url}${pathOf('recommendations.list')}?page=2&per_page=50`, {
      headers,
    });
    expect(ok.status).toBe(200);
    expect((await json<{ page: number }>(ok)).page).toBe(2);
    const bad = await fetch(`${box.url}${pathOf('recommendations.list')}?page=x&per_page=10`, {
      headers,
    });
    expect(bad.status).toBe(400);
    const paths = (await json<ErrorBody>(bad)).errors?.map((error) => error.path);
    expect(paths).toEqual(['query.page', 'query.per_page']);
    const plans = await fetch(`${box.url}${pathOf('payments.listPlans')}?extrapolate=true`);
    expect(plans.status).toBe(200);
  });

  it('answers malformed JSON with 400 and unknown paths with 404', async () => {
    const box = await sandbox();
    const malformed = await fetch(`${box.url}${pathOf('accounts.login')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(malformed.status).toBe(400);
    expect((await json<ErrorBody>(malformed)).message).toBe('Invalid JSON body');
    const missing = await fetch(`${box.url}/api/nothing/here`);
    expect(missing.status).toBe(404);
  });

  it('requires a file on multipart uploads', async () => {
    const box = await sandbox();
    const api = await loggedIn(box, 'member1');
    const token = await api.session.getAccessToken();
    const form = new FormData();
    form.append('image_type', 'Gallery Photo');
    const response = await fetch(`${box.url}${pathOf('images.upload')}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(response.status).toBe(400);
    expect((await json<ErrorBody>(response)).errors?.[0]?.path).toBe('body.file');
  });

  it('keeps text that the schema accepts as text', async () => {
    const { z } = await import('zod');
    const schema = z.object({
      page: z.number(),
      username: z.string(),
      flag: z.literal(false),
      id: z.union([z.string(), z.number()]),
    });
    expect(coerceRecord(schema, { page: '3', username: '123', flag: 'false', id: '42' })).toEqual({
      page: 3,
      username: '123',
      flag: false,
      id: '42',
    });
  });
});
