/**
 * The profile area against the sandbox: editing fields moves the completion percentage (the SDK's
 * rule), photos (upload with preview, profile photo, caption, delete), identity verification
 * (documents through the images upload, the status of the requests), and the email change.
 */
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, screenshots, startApp, type TestApp, WAIT_TEXT } from '../../harness/browser';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

/** A real PNG of one colour, so the browser can preview it and the sandbox store it. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function completion(page: Page): Promise<number> {
  return Number((await page.getByTestId('profile-completion').textContent())?.replace('%', ''));
}

describe('profile details', () => {
  it('shows what is missing, saves edits of many fields, and the percentage moves', async () => {
    const page = await app.newPage();
    await app.signIn(page, 'new@sandbox.test');
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
    const before = await completion(page);
    const missing = page.getByTestId('profile-missing').getByRole('button');
    const missingBefore = await missing.count();
    expect(missingBefore).toBeGreaterThan(10);
    // Each missing field is a way to it.
    await missing.filter({ hasText: 'Height (cm)' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('height');
    await screenshots(page, 'profile-details');
    expect(await axeViolations(page)).toEqual([]);

    // A bad height is refused at its field, nothing is sent.
    await page.getByLabel('Height (cm)').fill('-3');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Enter your height in centimetres, like 172.').waitFor();
    expect(app.sandbox.world.store.userByEmail('new@sandbox.test')?.profile.height).toBeNull();

    await page.getByLabel('Height (cm)').fill('168');
    await page.getByLabel('Faith').selectOption('christian');
    await page.getByLabel('Denomination or tradition').fill('Methodist');
    await page.getByLabel('Country').selectOption('United States');
    await page.getByLabel('State or region').fill('Georgia');
    await page.getByLabel('City', { exact: true }).fill('Savannah');
    await page.getByLabel('About me').fill('I teach music and sing in our church choir.');
    await page.getByLabel('Has children').selectOption('no');
    await page.getByLabel('Open to relocating').selectOption('yes');
    await page.getByLabel('Marital history').selectOption('never_married');
    await page.getByText('10 unsaved changes.').waitFor();
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => completion(page)).toBeGreaterThan(before);
    expect(await missing.count()).toBe(missingBefore - 10);
    await page.getByText('No unsaved changes.').waitFor();

    const stored = app.sandbox.world.store.userByEmail('new@sandbox.test');
    expect(stored?.profile).toMatchObject({
      height: 168,
      religion: 'christian',
      church_denomination: 'Methodist',
      country: 'United States',
      state: 'Georgia',
      city: 'Savannah',
      has_children: false,
      open_for_relocation: true,
      marital_type: 'never_married',
    });
    // After a reload the saved values and percentage come from the server.
    const after = await completion(page);
    await page.reload();
    await page.getByTestId('profile-completion').waitFor();
    expect(await completion(page)).toBe(after);
    expect(await page.getByLabel('City', { exact: true }).inputValue()).toBe('Savannah');
    await screenshots(page, 'profile-details-saved');
  });

  it('a taken username comes back under the username field', async () => {
    const page = await app.newPage();
    await app.signIn(page, 'member3@sandbox.test');
    await page.goto('/profile');
    await page.getByLabel('Username').fill('sarah.mitchell');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Username already taken').waitFor();
    expect(app.sandbox.world.store.userByEmail('member3@sandbox.test')?.username).not.toBe('sarah.mitchell');
  });

  it('changes the email from the profile: its link lands on the email form, focused', async () => {
    const page = await app.newPage({ width: 375 });
    await app.signIn(page, 'member2@sandbox.test');
    await page.goto('/profile');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('member2@sandbox.test');
    await page.getByRole('link', { name: 'Change email' }).click();
    await page.waitForURL((url) => url.pathname === '/preferences' && url.hash === '#email');
    const form = page.getByRole('form', { name: 'Email address' });
    // Focus and scroll land on the form, clear of the sticky header, not on the page's top.
    await expect
      .poll(() => form.evaluate((element) => element === document.activeElement), WAIT_TEXT)
      .toBe(true);
    const headerBottom = await page.locator('.site-header').evaluate((h) => h.getBoundingClientRect().bottom);
    const formTop = await form.evaluate((element) => element.getBoundingClientRect().top);
    expect(formTop).toBeGreaterThanOrEqual(headerBottom);
    await form.getByLabel('New email address').fill('nathan.new@example.test');
    await form.getByLabel('Password').fill('wrong-password');
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await form.getByText('Password is incorrect').waitFor();
    await form.getByLabel('Password').fill('Sandbox#2026');
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await form.getByRole('status').filter({ hasText: 'nathan.new@example.test' }).waitFor();
    const mail = app.sandbox.world.store.data.outbox.find(
      (entry) => entry.to === 'nathan.new@example.test' && entry.kind === 'email-change',
    );
    await page.goto(mail?.link ?? '');
    // The emailed link lands in the preferences area, which completes every email change.
    await page.getByTestId('change-confirmed').waitFor();
    await screenshots(page, 'account-change-email');
    expect(app.sandbox.world.store.userByEmail('nathan.new@example.test')?.username).toBe('nathan.jensen');
  });
});

describe('photos', () => {
  it('uploads with a preview, makes another the profile photo, edits a caption and deletes', async () => {
    const page = await app.newPage();
    await app.signIn(page, 'new@sandbox.test');
    await page.goto('/profile/photos');
    await page.getByRole('heading', { level: 1, name: 'Your photos' }).waitFor();
    const userId = app.sandbox.world.store.userByEmail('new@sandbox.test')?.keycloakId ?? '';
    const ownImages = () => app.sandbox.world.store.imagesOf(userId);
    if (ownImages().length === 0) await page.getByRole('heading', { name: 'No photos yet' }).waitFor();
    await screenshots(page, 'profile-photos-empty');

    // A file that is not an image is refused before anything is sent.
    await page.getByLabel('Photo', { exact: true }).setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await page.getByText('notes.txt is not an image.', { exact: false }).waitFor();

    await page.getByLabel('Photo', { exact: true }).setInputFiles({
      name: 'first.png',
      mimeType: 'image/png',
      buffer: png(40, 40, [183, 134, 47]),
    });
    const preview = page.getByRole('img', { name: 'Preview of first.png' });
    await preview.waitFor();
    expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);
    await page.getByLabel('Caption (optional)').fill('At the lake');
    await screenshots(page, 'profile-photos-preview');
    await page.getByRole('button', { name: 'Upload photo' }).click();
    await page.getByTestId('photo').filter({ hasText: 'Profile photo' }).waitFor();
    const first = ownImages().find((image) => image.caption === 'At the lake');
    expect(first?.image_type).toBe('Profile Photo');

    // A second photo, not as profile photo, then made the profile photo.
    await page.getByLabel('Photo', { exact: true }).setInputFiles({
      name: 'second.png',
      mimeType: 'image/png',
      buffer: png(30, 30, [47, 74, 122]),
    });
    await page.getByRole('checkbox', { name: 'Use as my profile photo' }).uncheck();
    await page.getByRole('button', { name: 'Upload photo' }).click();
    await expect.poll(() => page.getByTestId('photo').count()).toBe(ownImages().length);
    await page.getByRole('button', { name: /^Make profile photo: Photo \d+$/ }).click();
    await expect
      .poll(() => ownImages().find((image) => image.image_type === 'Profile Photo')?.caption ?? null)
      .toBeNull();
    await page.getByRole('button', { name: 'Make profile photo: Photo 1: At the lake' }).waitFor();
    await screenshots(page, 'profile-photos');
    expect(await axeViolations(page)).toEqual([]);

    // Edit the caption of the first photo.
    await page.getByRole('button', { name: 'Edit the caption of Photo 1: At the lake' }).click();
    await page.getByLabel('Caption of Photo 1: At the lake').fill('By the lake at sunset');
    await page.getByRole('button', { name: 'Save caption' }).click();
    await expect
      .poll(() => ownImages().some((image) => image.caption === 'By the lake at sunset'))
      .toBe(true);

    // Delete it, after confirming.
    const count = ownImages().length;
    await page.getByRole('button', { name: 'Delete Photo 1: By the lake at sunset' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this photo?' });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete photo' }).click();
    await expect.poll(() => ownImages().length).toBe(count - 1);
    await expect.poll(() => page.getByTestId('photo').count()).toBe(count - 1);
  });
});

describe('identity verification', () => {
  it('sends documents through the images upload and shows the request waiting for review', async () => {
    const page = await app.newPage();
    await app.signIn(page, 'new@sandbox.test');
    await page.goto('/profile/verification');
    await page.getByRole('heading', { level: 1, name: 'Identity verification' }).waitFor();
    await page.getByTestId('kyc-status').getByText('Not verified').waitFor();
    await page.getByRole('heading', { name: 'No verification requests yet' }).waitFor();
    await screenshots(page, 'profile-verification-empty');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Send for review' }).click();
    await page.getByText('Choose the kind of document.').waitFor();
    await page.getByLabel(/^Document/).selectOption('PASSPORT');
    await page.getByLabel(/^Files/).setInputFiles([
      { name: 'passport-front.png', mimeType: 'image/png', buffer: png(60, 40, [240, 240, 240]) },
      { name: 'passport-back.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ]);
    await page.getByText('passport-back.pdf', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Send for review' }).click();
    await page.getByTestId('kyc-status').getByText('Waiting for review').waitFor();
    await page.getByTestId('kyc-request').getByText('2 documents').waitFor();

    const userId = app.sandbox.world.store.userByEmail('new@sandbox.test')?.keycloakId;
    const requests = app.sandbox.world.store.data.kycRequests.filter((request) => request.user_id === userId);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.documents).toHaveLength(2);
    // Documents never show up among the photos.
    expect(
      app.sandbox.world.store.imagesOf(userId ?? '').some((image) => /kyc/i.test(image.image_type)),
    ).toBe(false);
    await screenshots(page, 'profile-verification');
    expect(await axeViolations(page)).toEqual([]);
  });

  it("shows a reviewed member's history: member4's rejected request with its note and the new one pending", async () => {
    const page = await app.newPage();
    await app.signIn(page, 'member4@sandbox.test');
    await page.goto('/profile/verification');
    await page.getByTestId('kyc-request').first().waitFor();
    const statuses = await page.getByTestId('kyc-request').locator('.tag').allTextContents();
    expect(statuses).toContain('Not accepted');
    expect(statuses.some((status) => status === 'Waiting for review' || status === 'In review')).toBe(true);
    await screenshots(page, 'profile-verification-history');
  });

  it('shows the error state with a retry when the status cannot be loaded', async () => {
    const page = await app.newPage();
    await app.signIn(page, 'member5@sandbox.test');
    await page.route('**/api/bytebox/v2/kyc/verifications/users/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Broken"}' }),
    );
    await page.goto('/profile/verification');
    await page.getByRole('heading', { name: 'We could not load your verification status' }).waitFor();
    await screenshots(page, 'profile-verification-error');
    await page.unroute('**/api/bytebox/v2/kyc/verifications/users/**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('kyc-status').waitFor();
  });
});
