import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, screenshots, startApp, type TestApp, WAIT_TEXT } from '../../harness/browser';
import { sandboxUser } from '../sandbox-world';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

function subscriptionsOf(email: string) {
  const user = sandboxUser(app, email);
  return app.sandbox.world.store.data.subscriptions.filter((sub) => sub.user_id === user.keycloakId);
}

describe('payments: plans, subscription, checkout', () => {
  it('shows plans with en-US prices; a cancelled checkout changes nothing; paying activates the plan', async () => {
    const page = await app.newPage();
    await app.signIn(page, 'new@sandbox.test');
    await page.goto('/payments');
    await page.getByRole('heading', { name: 'You have no subscription yet' }).waitFor();
    const basic = page.getByRole('article', { name: 'Basic' });
    // The live Spring offer (20% off) is the price shown, the list price struck through.
    await expect
      .poll(() => basic.textContent(), WAIT_TEXT)
      .toMatch(/\$7\.99\s*instead of \$9\.99\s*per month/);
    await expect
      .poll(() => page.getByRole('article', { name: 'Gold' }).textContent(), WAIT_TEXT)
      .toContain('$59.99');
    // The archived plan is not on sale.
    expect(await page.getByRole('article', { name: 'Legacy Plus' }).count()).toBe(0);
    await screenshots(page, 'payments-none');
    expect(await axeViolations(page)).toEqual([]);

    // Cancel on the provider's page: back on /payments with a clear message, nothing bought.
    await basic.getByRole('button', { name: 'Choose Basic' }).click();
    await page.waitForURL((url) => url.pathname === '/sandbox/checkout');
    // The provider's Cancel may be a link or a form button; a member just presses it.
    await page
      .getByRole('link', { name: 'Cancel' })
      .or(page.getByRole('button', { name: 'Cancel' }))
      .click();
    await page.waitForURL((url) => url.pathname === '/payments');
    await expect
      .poll(() => page.getByTestId('checkout-outcome').textContent(), WAIT_TEXT)
      .toContain('Checkout for Basic was cancelled');
    await page.getByRole('heading', { name: 'You have no subscription yet' }).waitFor();
    expect(subscriptionsOf('new@sandbox.test')).toEqual([]);
    await screenshots(page, 'payments-cancelled');
    expect(await axeViolations(page)).toEqual([]);

    // Pay: the subscription is reloaded on return and shown as active.
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await page.getByRole('button', { name: 'Choose Basic' }).click();
    await page.waitForURL((url) => url.pathname === '/sandbox/checkout');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL((url) => url.pathname === '/payments' && url.search === '');
    await expect
      .poll(() => page.getByTestId('checkout-outcome').textContent(), WAIT_TEXT)
      .toMatch(/Your Basic subscription is active until [A-Z][a-z]+ \d{1,2}, \d{4}/);
    const panel = page.getByTestId('subscription');
    await expect.poll(() => panel.textContent(), WAIT_TEXT).toMatch(/Basic\s*Active/);
    await expect.poll(() => panel.textContent(), WAIT_TEXT).toContain('$7.99');
    await expect
      .poll(() => page.getByRole('article', { name: 'Basic' }).textContent(), WAIT_TEXT)
      .toContain('Your plan');
    const bought = subscriptionsOf('new@sandbox.test');
    expect(bought).toHaveLength(1);
    expect(bought[0]).toMatchObject({
      plan_id: 'plan-basic',
      offer_id: 'offer-basic-spring',
      status: 'ACTIVE',
      amount: 7.99,
    });
    await screenshots(page, 'payments-active');
    expect(await axeViolations(page)).toEqual([]);

    // A reload reads the same subscription from the server.
    await page.reload();
    await expect
      .poll(() => page.getByTestId('subscription').textContent(), WAIT_TEXT)
      .toMatch(/Basic\s*Active/);
    expect(await page.getByTestId('checkout-outcome').count()).toBe(0);

    // Logout clears it: the next member sees their own plan, not this one.
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/account/login');
    await app.signIn(page, 'member1@sandbox.test');
    await page.goto('/payments');
    await expect
      .poll(() => page.getByTestId('subscription').textContent(), WAIT_TEXT)
      .toMatch(/Premium\s*Active/);
  });

  it('shows an error state with a retry when the plans cannot be loaded', async () => {
    const page = await app.newPage({ width: 375 });
    await app.signIn(page, 'member2@sandbox.test');
    let fail = true;
    await page.route('**/api/payment/v2/plans?*', (route) =>
      fail ? route.fulfill({ status: 500, json: { message: 'Plans are down' } }) : route.fallback(),
    );
    await page.goto('/payments');
    const error = page.getByRole('alert').filter({ hasText: 'The plans could not be loaded' });
    await error.waitFor();
    await screenshots(page, 'payments-error');
    expect(await axeViolations(page)).toEqual([]);
    fail = false;
    await error.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('article', { name: 'Premium' }).waitFor();
  });
});
