/**
 * A bad configuration stops the app with a page naming every bad variable. It is parsed at
 * start-up, before the first screen renders, so the page shows the error alone, and nothing
 * starts: no session, no API call.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApp, type TestApp } from '../harness/browser';

const web = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const outDir = mkdtempSync(join(tmpdir(), 'matchmaker-bad-config-'));
let app: TestApp;

beforeAll(async () => {
  // vitest's own stubs: the worker's other files run in this process after this one.
  vi.stubEnv('VITE_SOCKET_PATH', 'socket.io');
  vi.stubEnv('VITE_SENTRY_DSN', 'not-a-dsn');
  try {
    await build({
      root: web,
      configFile: join(web, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, sourcemap: false },
    });
  } finally {
    vi.unstubAllEnvs();
  }
  app = await startApp({ webDir: outDir });
}, 120_000);

afterAll(async () => {
  await app?.close();
  rmSync(outDir, { recursive: true, force: true });
});

describe('a bad configuration', () => {
  it('replaces the page with the list of bad variables and starts nothing', async () => {
    const page = await app.newPage();
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
    });
    await page.goto('/account/login');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const text = await alert.textContent();
    expect(text).toContain("The web app's configuration is invalid");
    expect(text).toContain("VITE_SOCKET_PATH: must start with '/'");
    expect(text).toContain('VITE_SENTRY_DSN');
    expect(await page.getByRole('heading', { name: 'Log in' }).count()).toBe(0);
    expect(apiCalls).toEqual([]);
  });
});
