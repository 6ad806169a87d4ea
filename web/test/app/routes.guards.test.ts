import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, logIn, screenshots, startApp, type TestApp } from '../harness/browser';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

describe('route guards (SDK guardRoute) and the not-found page', () => {
  it('sends a visitor from every member area and the back office to /account/login', async () => {
    const page = await app.newPage();
    for (const path of [
      '/profile',
      '/payments',
      '/notifications',
      '/preferences',
      '/matches',
      '/messages',
      '/match-requests',
      '/admin',
      '/Profile/edit',
    ]) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/account/login');
      // The page asked for goes along, to be opened after the login.
      expect(new URL(page.url()).searchParams.get('next')).toBe(path);
      await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    }
  });

  it('shows the not-found page for unknown paths, with a Return home button to /', async () => {
    const page = await app.newPage();
    for (const path of ['/no-such-page', '/account/no-such-page', '/faith/buddhist/marriage/singles']) {
      await page.goto(path);
      await page.getByText('Sorry, the page you are looking for could not be found').waitFor();
    }
    await screenshots(page, 'not-found');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Return home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: /Find a spouse/ }).waitFor();
  });

  it('lets a member into member areas, keeps them out of the back office', async () => {
    const page = await app.newPage();
    await logIn(page, 'member1@sandbox.test');
    expect(new URL(page.url()).pathname).toBe('/matches');
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
    // match-requests shows the messaging area.
    await page.goto('/match-requests');
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname !== '/admin');
    expect(new URL(page.url()).pathname).not.toBe('/admin');
    expect(await page.getByRole('link', { name: 'Back office' }).count()).toBe(0);
  });

  it('keeps an admin out of member areas and shows only the back-office entry', async () => {
    const page = await app.newPage();
    await logIn(page, 'admin@sandbox.test');
    expect(new URL(page.url()).pathname).toBe('/admin');
    await page.getByRole('heading', { level: 1, name: 'Back office' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Back office']);
    await page.goto('/matches');
    await page.waitForURL((url) => url.pathname === '/admin');
    // Admins never get the location modal.
    await page.getByRole('heading', { level: 1, name: 'Back office' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await screenshots(page, 'admin-home');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('sends a deleted account to /account/reactivate', async () => {
    const page = await app.newPage();
    await logIn(page, 'deleted@sandbox.test');
    await page.waitForURL('**/account/reactivate');
  });
});
