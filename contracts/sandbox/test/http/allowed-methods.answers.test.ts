/**
 * A method the catalogue does not have for a path it knows answers 405 with `Allow` listing the
 * catalogue's methods for that path, before any other step (no token needed, nothing journaled),
 * also where the router would otherwise take the path for an id (`GET /admin/users/search`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { endpointList } from '@matchmaker/sdk/schemas';
import { describe, expect, it } from 'vitest';
import { accessToken } from '../support/http';
import { pathOf } from '../support/paths';
import { json, sandbox } from '../support/sandbox';
import { scratchDir } from '../support/scratch';
import { fakeWebBuild } from '../support/web-build';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/** Each catalogue path with its methods, in the order Allow lists them (HEAD wherever GET is). */
function catalogueResources(): Map<string, string[]> {
  const byPath = new Map<string, string[]>();
  for (const endpoint of endpointList)
    byPath.set(endpoint.path, [...(byPath.get(endpoint.path) ?? []), endpoint.method]);
  for (const [path, methods] of byPath)
    byPath.set(
      path,
      METHODS.flatMap((method) =>
        !methods.includes(method) ? [] : method === 'GET' ? ['GET', 'HEAD'] : [method],
      ),
    );
  return byPath;
}

const concrete = (template: string): string => template.replace(/\{\w+\}/g, 'x1');

describe('405 with Allow', () => {
  it('answers every other method on every catalogue path with 405 and the catalogue methods', async () => {
    const box = await sandbox();
    const wrong: string[] = [];
    for (const [template, methods] of catalogueResources()) {
      for (const method of METHODS.filter((each) => !methods.includes(each))) {
        const answer = await fetch(`${box.url}${concrete(template)}`, {
          method,
          headers: { 'content-type': 'application/json' },
          body: method === 'GET' ? undefined : '{}',
        });
        const allow = answer.headers.get('allow');
        const body = await json<{ message: string }>(answer);
        if (answer.status !== 405 || allow !== methods.join(', ') || !body.message.includes(method))
          wrong.push(`${method} ${template}: ${answer.status} allow=${allow} ${body.message}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('does not take a known path for an id of another method', async () => {
    const box = await sandbox();
    const token = await accessToken(box.url, 'admin');
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const search = await fetch(`${box.url}${pathOf('admin.searchUsers')}`, { headers: auth });
    expect(search.status).toBe(405);
    expect(search.headers.get('allow')).toBe('POST');
    const put = await fetch(`${box.url}${pathOf('recommendations.list')}`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({ status: 'ACCEPTED' }),
    });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD');
    // The id routes themselves still answer.
    const id = box.world.store.userByEmail('member1@sandbox.test')?.keycloakId ?? '';
    const user = await fetch(`${box.url}${pathOf('admin.getUser', { id })}`, { headers: auth });
    expect(user.status).toBe(200);
  });

  it('answers OPTIONS with the allowed methods, and unknown paths with 404', async () => {
    const box = await sandbox();
    const options = await fetch(`${box.url}${pathOf('settings.get')}`, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, POST, PUT');
    for (const path of ['/api/unknown/thing', `${pathOf('settings.get')}/nope`]) {
      const answer = await fetch(`${box.url}${path}`, { method: 'DELETE' });
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('allow'), path).toBeNull();
    }
  });

  it('answers 405 for API paths when the web app is served, and the app for its own paths', async () => {
    // A build as the web build writes it (its routes.json lists /matches).
    const box = await sandbox({ webDir: fakeWebBuild() });
    const login = await fetch(`${box.url}${pathOf('accounts.login')}`, { headers: { accept: 'text/html' } });
    expect(login.status).toBe(405);
    expect(login.headers.get('allow')).toBe('POST');
    const page = await fetch(`${box.url}/matches`, { headers: { accept: 'text/html' } });
    expect(await page.text()).toContain('<div id="root">');
  });

  it('keeps a refused method out of the --data journal', async () => {
    const file = join(scratchDir('journal-405-'), 'state.json');
    const box = await sandbox({ dataFile: file });
    const answer = await fetch(`${box.url}${pathOf('admin.searchUsers')}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"page":1}',
    });
    expect(answer.status).toBe(405);
    const written = await fetch(`${box.url}${pathOf('accounts.forgotPassword')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'member1@sandbox.test' }),
    });
    expect(written.status).toBe(200);
    const journal = readFileSync(`${file}.log`, 'utf8').trim().split('\n');
    expect(journal.map((line) => (JSON.parse(line) as { method: string }).method)).toEqual(['POST']);
  });
});
