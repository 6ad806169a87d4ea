import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pathOf } from '../support/paths';
import { sandbox } from '../support/sandbox';

function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Matchmaker</title><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log("app")');
  return dir;
}

describe('web app build', () => {
  it('serves the build from / with a single-page-app fallback, leaving API paths alone', async () => {
    const box = await sandbox({ webDir: fakeBuild() });
    expect(box.servesWebApp).toBe(true);
    const index = await fetch(`${box.url}/`);
    expect(await index.text()).toContain('<div id="root">');
    const asset = await fetch(`${box.url}/assets/app.js`);
    expect(asset.headers.get('content-type')).toContain('javascript');
    const deep = await fetch(`${box.url}/matches/abc`, { headers: { accept: 'text/html' } });
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<div id="root">');
    const api = await fetch(`${box.url}/api/unknown/thing`, { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(((await api.json()) as { message: string }).message).toContain('not found');
    const home = await fetch(`${box.url}/sandbox`);
    expect(await home.text()).toContain('Demo accounts');
    const features = await fetch(`${box.url}${pathOf('features.list')}`);
    expect(features.status).toBe(200);
  });
});
