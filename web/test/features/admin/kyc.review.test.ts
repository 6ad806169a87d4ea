/**
 * KYC review: the queue with its status filter in the URL, a request's documents fetched as
 * binary (zoom, rotate, PDF), approving, rejecting with a reason, "Submit and next", the exact
 * message when a request cannot be fetched, and the metrics chart over the seeded history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, startApp, type TestApp } from '../../harness/browser';
import { adminPage, screens } from './admin-pages';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const requests = () => app.sandbox.world.store.data.kycRequests;

describe('back office: KYC review', () => {
  it('lists pending requests 15 per page, opens one with its documents, approves it', async () => {
    const page = await adminPage(app);
    await page.goto('/admin/kyc');
    await page.getByRole('heading', { level: 1, name: 'KYC review' }).waitFor();
    await page.getByLabel('Status').selectOption('PENDING');
    await page.waitForURL((url) => url.searchParams.get('status') === 'PENDING');
    await page.getByRole('table').waitFor();
    const rows = await page.getByRole('table').getByRole('row').count();
    expect(rows - 1).toBe(Math.min(15, requests().filter((request) => request.status === 'PENDING').length));
    await screens(page, 'admin-kyc-queue');
    expect(await axeViolations(page)).toEqual([]);

    const first = page.getByRole('link', { name: /^Review / }).first();
    await first.click();
    await page.waitForURL((url) => /^\/admin\/kyc\/[^/]+\/[^/]+$/.test(url.pathname));
    const requestId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
    await page.getByRole('heading', { name: 'Member' }).waitFor();
    const image = page.locator('img.admin-doc__image').first();
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^blob:/);
    const before = await image.evaluate((element) => element.getBoundingClientRect().width);
    await page.getByRole('button', { name: 'Zoom in' }).first().click();
    await expect
      .poll(() => image.evaluate((element) => element.getBoundingClientRect().width))
      .toBeGreaterThan(before);
    await page.getByRole('button', { name: 'Rotate' }).first().click();
    expect(await image.evaluate((element) => element.style.transform)).toBe('rotate(90deg)');
    await screens(page, 'admin-kyc-request');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Approve').check();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.waitForURL(
      (url) => url.pathname === '/admin/kyc' && url.searchParams.get('status') === 'PENDING',
    );
    expect(requests().find((request) => request.id === requestId)?.status).toBe('APPROVED');
  });

  it('asks for a reason to reject, then "Submit and next" opens the next pending request', async () => {
    const page = await adminPage(app);
    await page.goto('/admin/kyc?status=PENDING');
    await page
      .getByRole('link', { name: /^Review / })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Member' }).waitFor();
    const firstId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
    await page.getByLabel('Reject').check();
    await page.getByRole('button', { name: 'Submit and next' }).click();
    await page.getByText('Give the reason for the rejection; the member sees it.').waitFor();
    await page.getByLabel(/Reason/).fill('The photo of the document is blurred');
    await page.getByRole('button', { name: 'Submit and next' }).click();
    await page.waitForURL(
      (url) =>
        !url.pathname.endsWith(`/${encodeURIComponent(firstId)}`) && url.pathname.startsWith('/admin/kyc/'),
    );
    expect(new URL(page.url()).searchParams.get('status')).toBe('PENDING');
    const rejected = requests().find((request) => request.id === firstId);
    expect(rejected?.status).toBe('REJECTED');
    expect(rejected?.comment).toBe('The photo of the document is blurred');
    await page.getByRole('heading', { name: 'Member' }).waitFor();
    expect(await page.getByLabel('Approve').isChecked()).toBe(false);
  });

  it('shows a PDF document in the browser viewer', async () => {
    const withPdf = requests().find((request) =>
      request.documents.some(
        (id) => app.sandbox.world.store.data.kycDocuments[id]?.content_type === 'application/pdf',
      ),
    );
    if (!withPdf) throw new Error('The seed has no KYC request with a PDF');
    const page = await adminPage(app);
    await page.goto(`/admin/kyc/${encodeURIComponent(withPdf.user_id)}/${encodeURIComponent(withPdf.id)}`);
    const pdf = page.locator('object.admin-doc__pdf');
    await pdf.waitFor({ state: 'attached' });
    expect(await pdf.getAttribute('type')).toBe('application/pdf');
    expect(await pdf.getAttribute('data')).toMatch(/^blob:/);
    await page.getByRole('link', { name: /^Open .* in a new tab$/ }).waitFor();
  });

  it('says exactly what SPEC.md asks when a request cannot be fetched', async () => {
    const page = await adminPage(app);
    const userId = requests()[0]?.user_id ?? 'nobody';
    await page.goto(`/admin/kyc/${encodeURIComponent(userId)}/no-such-request`);
    await page
      .getByText('An error occured while fetching the request data. Please refresh the page', { exact: true })
      .waitFor();
    await screens(page, 'admin-kyc-request-error');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('charts the KYC metrics over a date range kept in the URL', async () => {
    const page = await adminPage(app);
    await page.goto('/admin/kyc');
    await page.getByRole('link', { name: 'KYC metrics' }).click();
    await page.getByRole('heading', { level: 1, name: 'KYC metrics' }).waitFor();
    await page.locator('.admin-chart__canvas[data-chart-ready="true"] canvas').waitFor();
    const total = Number(
      await page.locator('.admin-tiles__tile', { hasText: 'Requests in range' }).locator('dd').textContent(),
    );
    expect(total).toBeGreaterThan(0);
    await page.getByLabel('From').fill('2020-01-01');
    await page.getByLabel('Group by').selectOption('month');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('start') === '2020-01-01' && url.searchParams.get('bucket') === 'month',
    );
    await expect
      .poll(async () =>
        Number(
          await page
            .locator('.admin-tiles__tile', { hasText: 'Requests in range' })
            .locator('dd')
            .textContent(),
        ),
      )
      .toBe(requests().length);
    await page.locator('.admin-chart__canvas[data-chart-ready="true"] canvas').waitFor();
    await screens(page, 'admin-kyc-metrics');
    expect(await axeViolations(page)).toEqual([]);
  });
});
