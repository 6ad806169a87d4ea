/**
 * Notifications against the sandbox: the list with photos, the header badge, a live notification
 * (a toast and the badge going up) caused by another member in another browser context, opening
 * one (its related item), mark all read, delete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, screenshots, startApp, type TestApp } from '../harness/browser';
import { sandboxNotifications, sandboxUser } from './sandbox-world';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const memberId = (email: string) => sandboxUser(app, email).keycloakId;

const notificationsOf = (email: string) => sandboxNotifications(app, email);

const unreadOf = (email: string) => notificationsOf(email).filter((entry) => !entry.read).length;

describe('notifications', () => {
  it('lists, badges, arrives live, opens, marks all read and deletes', async () => {
    const page = await app.newPage();
    await app.signIn(page, 'member1@sandbox.test');
    await page.goto('/notifications');
    const list = page.getByRole('list', { name: 'Notifications' });
    await list.getByRole('listitem').first().waitFor();
    expect(await list.getByRole('listitem').count()).toBe(notificationsOf('member1@sandbox.test').length);
    const badge = page.getByTestId('unread-badge');
    await expect.poll(() => badge.textContent()).toBe(`${unreadOf('member1@sandbox.test')} unread`);
    await screenshots(page, 'notifications');
    expect(await axeViolations(page)).toEqual([]);

    // Another member sends a match request: a toast and the badge, without a reload.
    const before = unreadOf('member1@sandbox.test');
    const other = await app.newPage();
    await app.signIn(other, 'new@sandbox.test');
    await other.goto(`/matches/members/${memberId('member1@sandbox.test')}`);
    await other.getByRole('button', { name: 'Send match request' }).click();
    await expect.poll(() => unreadOf('member1@sandbox.test')).toBe(before + 1);
    const latest = notificationsOf('member1@sandbox.test').at(-1);
    await page
      .getByRole('status')
      .filter({ hasText: latest?.body ?? '' })
      .first()
      .waitFor();
    await expect.poll(() => badge.textContent()).toBe(`${before + 1} unread`);

    // Open it: its related item (the match requests) and it is read.
    const item = list.getByRole('listitem').filter({ hasText: latest?.body ?? '' });
    await item.getByRole('button', { name: /^Open/ }).click();
    await page.waitForURL('**/matches/requests');
    await expect
      .poll(() => notificationsOf('member1@sandbox.test').find((n) => n.id === latest?.id)?.read)
      .toBe(true);

    await page.goto('/notifications');
    await list.getByRole('listitem').first().waitFor();
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => unreadOf('member1@sandbox.test')).toBe(0);
    await expect.poll(() => badge.count()).toBe(0);

    const count = notificationsOf('member1@sandbox.test').length;
    await list
      .getByRole('listitem')
      .first()
      .getByRole('button', { name: /^Delete/ })
      .click();
    await expect.poll(() => notificationsOf('member1@sandbox.test').length).toBe(count - 1);
    expect(await list.getByRole('listitem').count()).toBe(count - 1);
  });
});
