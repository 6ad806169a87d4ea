import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  cookieNames,
  logIn,
  screenshots,
  startApp,
  type TestApp,
  WAIT_TEXT,
} from '../harness/browser';

let app: TestApp;
beforeAll(async () => {
  // Access tokens live 1.5 s, so a session outlives several of them within one test.
  app = await startApp({ accessTtlMs: 1_500 });
});
afterAll(async () => {
  await app?.close();
});

describe('session: login, logout, suspension, stale cookies, token refresh', () => {
  it('logs in, and logging out clears cookies, storage and state, then lands on /account/login', async () => {
    const page = await app.newPage();
    await logIn(page, 'member1@sandbox.test');
    expect(await cookieNames(page)).toEqual(expect.arrayContaining(['access_token', 'refresh_token']));
    await page.evaluate(() => {
      localStorage.setItem('matchmaker.referral', 'ref-1');
      sessionStorage.setItem('matchmaker.verification', 'pending');
    });
    await page.goto('/profile');
    await page.getByTestId('profile-completion').waitFor();
    await screenshots(page, 'profile');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/account/login');
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    expect(await cookieNames(page)).not.toContain('access_token');
    expect(await cookieNames(page)).not.toContain('refresh_token');
    // Only what was written after the logout may remain (Sentry's replay starts a new recording).
    const left = await page.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage)]);
    expect(left.filter((key) => !key.startsWith('sentry'))).toEqual([]);
    // The member areas are closed again.
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/account/login');
  });

  it('a logout in one tab ends the session in the other tabs of the browser too', async () => {
    const first = await app.newPage();
    await logIn(first, 'member2@sandbox.test');
    const second = await first.context().newPage();
    await second.goto('/profile');
    await second.getByTestId('profile-completion').waitFor();

    await first.getByRole('button', { name: 'Log out' }).click();
    await first.waitForURL((url) => url.pathname === '/account/login');
    // The other tab follows by itself: no click, no reload.
    await second.waitForURL((url) => url.pathname === '/account/login');
    await second.getByRole('link', { name: 'Log in' }).waitFor();
    expect(await second.getByTestId('profile-completion').count()).toBe(0);
  });

  it('a suspended account lands on /account/login?userSuspended=true with a message', async () => {
    const page = await app.newPage();
    await page.goto('/account/login');
    await page.getByLabel('Email').fill('suspended@sandbox.test');
    await page.getByLabel('Password').fill('Sandbox#2026');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/account/login' && url.searchParams.get('userSuspended') === 'true',
    );
    await expect.poll(() => page.getByTestId('login-notice').textContent(), WAIT_TEXT).toMatch(/suspended/);
    expect(await cookieNames(page)).not.toContain('access_token');
    await screenshots(page, 'login-suspended');
    expect(await axeViolations(page)).toEqual([]);
  });

  it("stale cookies of an earlier client end the session with 'Session expired. Please log in'", async () => {
    const page = await app.newPage();
    await logIn(page, 'member2@sandbox.test');
    await page.context().addCookies([{ name: 'user', value: 'old', url: app.url }]);
    await page.goto('/matches');
    await page.waitForURL('**/account/login');
    await expect
      .poll(() => page.getByTestId('login-notice').textContent(), WAIT_TEXT)
      .toBe('Session expired. Please log in');
    expect(await cookieNames(page)).not.toEqual(expect.arrayContaining(['access_token']));
    expect(await cookieNames(page)).not.toContain('user');
  });

  it('an access token expiring mid-session is refreshed without the member noticing', async () => {
    const page = await app.newPage({ location: false });
    await logIn(page, 'member5@sandbox.test');
    const firstToken = (await page.context().cookies()).find((c) => c.name === 'access_token')?.value;
    await page.getByRole('heading', { name: 'Enable Location Access' }).waitFor();
    // Let the access token expire, then make calls with it: the location flow's search, update and
    // device registration meet a 403, refresh once, and replay.
    await page.waitForTimeout(2_000);
    await page.context().grantPermissions(['geolocation']);
    await page.context().setGeolocation({ latitude: 40.7128, longitude: -74.006 });
    await page.getByRole('button', { name: 'Request Location Access' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/matches');
    const secondToken = (await page.context().cookies()).find((c) => c.name === 'access_token')?.value;
    expect(secondToken).toBeTruthy();
    expect(secondToken).not.toBe(firstToken);
    // And across a reload once more: start-up refreshes before showing the member area.
    await page.waitForTimeout(2_000);
    await page.goto('/profile');
    await page.getByTestId('profile-completion').waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
    expect(await page.getByTestId('login-notice').count()).toBe(0);
  });
  it('a reload while a refresh is on the wire keeps the member signed in (the answer is lost, the session is not)', async () => {
    const page = await app.newPage();
    await logIn(page, 'member1@sandbox.test');
    // The next refresh (the chat channel's token_expired brings one within 1.5 s) reaches the
    // sandbox, which rotates the tokens; its answer is held until the page has gone.
    let held = false;
    let reached: () => void = () => {};
    const rotated = new Promise<void>((resolve) => {
      reached = resolve;
    });
    await page.route('**/refresh-token', async (route) => {
      if (held) return route.fallback();
      held = true;
      const response = await route.fetch();
      reached();
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.fulfill({ response }).catch(() => {});
    });
    await rotated;
    await page.goto('/profile');
    await page.getByTestId('profile-completion').waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
    expect(await cookieNames(page)).toContain('refresh_token');
  });
});
