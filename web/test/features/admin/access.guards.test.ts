/**
 * Who gets into the back office: an admin lands on /admin and is sent through /account/login from
 * member areas; a member is kept out and never downloads a back-office chunk.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, startApp, type TestApp } from '../../harness/browser';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

describe('back office: access', () => {
  it('lands an admin on /admin and sends them through /account/login from member areas', async () => {
    // Through the login form: where it lands an admin is what is tested.
    const page = await app.newPage({ location: false });
    await logIn(page, 'admin@sandbox.test');
    expect(new URL(page.url()).pathname).toBe('/admin');
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Users' })
      .waitFor();
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/admin');
    expect(visited).toContain('/account/login');
    await page.getByRole('heading', { level: 1, name: 'Back office' }).waitFor();
  });

  it('keeps a member out of /admin; member pages never download the back office', async () => {
    const page = await app.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const backOffice = () =>
      scripts.filter((url) => /\/(admin|back-office|users-page|users-query|uPlot)[-.]/.test(url));
    // Through the login form: the landing page and then /matches, as a member arrives.
    await app.signIn(page, 'member2@sandbox.test');
    await page.goto('/matches');
    await page.getByRole('heading', { level: 1, name: 'Matches' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(backOffice()).toEqual([]);
    // Typed by hand: an /admin address loads the back office beside start-up (the session there
    // is most likely an admin's: app/routes.ts preloadSignedInArea), and the guard still refuses.
    await page.goto('/admin/users');
    await page.waitForURL((url) => !url.pathname.startsWith('/admin'));
    expect(await page.getByRole('heading', { level: 1, name: 'Back office' }).count()).toBe(0);
  });
});
