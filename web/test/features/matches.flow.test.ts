/**
 * The matches area against the sandbox: answering recommendations (optimistic, rolled back on a
 * failed call). A member's public profile, match requests and mutual matches are exercised by one
 * pair from request to live chat in messages.live.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, screenshots, startApp, type TestApp } from '../harness/browser';
import { sandboxUser } from './sandbox-world';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const memberId = (email: string) => sandboxUser(app, email).keycloakId;

function recommendationStatus(id: string): string | undefined {
  return app.sandbox.world.store.data.recommendations.find((entry) => entry.id === id)?.status;
}

describe('matches', () => {
  it("the list's first cards show in its first render, and the rest follow in a later one", async () => {
    const page = await app.newPage();
    await app.signIn(page, 'member3@sandbox.test');
    await page.goto('/preferences');
    // The number of cards each time the list changes, from the moment it is first in the page.
    await page.evaluate(() => {
      const counts: number[] = [];
      Object.assign(window, { cardCounts: counts });
      new MutationObserver(() => {
        const list = document.querySelector('ul[aria-label="Recommendations"]');
        const count = list ? list.querySelectorAll(':scope > li').length : 0;
        if (count > 0 && counts.at(-1) !== count) counts.push(count);
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Matches' }).click();
    const list = page.getByRole('list', { name: 'Recommendations' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(50);
    // A phone renders 12 cards before its first paint of the list, not 50 in one long task.
    expect(await page.evaluate(() => (window as unknown as { cardCounts: number[] }).cardCounts)).toEqual([
      12, 50,
    ]);
  });

  it('accepts and rejects recommendations, and rolls a failed answer back with an error toast', async () => {
    const page = await app.newPage();
    await app.signIn(page, 'member3@sandbox.test');
    await page.goto('/matches');
    const list = page.getByRole('list', { name: 'Recommendations' });
    await list.getByRole('listitem').first().waitFor();
    // 64 recommendations: 50 on the first page (its first cards show first), the rest on the second.
    await expect.poll(() => list.getByRole('listitem').count()).toBe(50);
    await expect.poll(() => page.getByText('Page 1 of 2').count()).toBe(1);
    await screenshots(page, 'matches-recommendations');
    expect(await axeViolations(page)).toEqual([]);

    const pending = app.sandbox.world.store.data.recommendations.filter(
      (entry) => entry.user_id === memberId('member3@sandbox.test') && entry.status === 'PENDING',
    );
    const cards = list.getByRole('listitem');
    const first = cards.nth(0);
    const firstName = ((await first.getByRole('heading').textContent()) ?? '').trim();
    await first.getByRole('button', { name: `Accept ${firstName}` }).click();
    await first.getByText('Accepted: match request sent').waitFor();
    const second = cards.nth(1);
    const secondName = ((await second.getByRole('heading').textContent()) ?? '').trim();
    await second.getByRole('button', { name: `Reject ${secondName}` }).click();
    await second.getByText('Rejected').waitFor();
    await expect
      .poll(() => {
        const decided = pending.map((entry) => recommendationStatus(entry.id));
        return [
          decided.filter((s) => s === 'ACCEPTED').length,
          decided.filter((s) => s === 'REJECTED').length,
        ];
      })
      .toEqual([1, 1]);

    // The server refuses the next answer: the card shows the decision, then takes it back.
    app.sandbox.faults.prefix = '/api/recommendations/v2/matches/recommendations/';
    app.sandbox.faults.failRate = 1;
    try {
      const third = cards.nth(2);
      const thirdName = ((await third.getByRole('heading').textContent()) ?? '').trim();
      await third.getByRole('button', { name: `Accept ${thirdName}` }).click();
      await page
        .getByText(/could not|went wrong|Injected/i)
        .first()
        .waitFor();
      await third.getByRole('button', { name: `Accept ${thirdName}` }).waitFor();
      expect(await third.getByText('Accepted: match request sent').count()).toBe(0);
    } finally {
      app.sandbox.faults.failRate = 0;
      app.sandbox.faults.prefix = '/api';
    }

    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    expect(await list.getByRole('listitem').count()).toBeGreaterThan(0);
  });
});
