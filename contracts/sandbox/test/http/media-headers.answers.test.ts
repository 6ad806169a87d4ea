/**
 * Uploaded files are served from the sandbox's own origin, so an uploaded SVG (or HTML sent as
 * an image) must not run script there: every media answer and binary download carries a CSP
 * sandbox and nosniff.
 */
import { describe, expect, it } from 'vitest';
import { pathOf } from '../support/paths';
import { loggedIn, sandbox } from '../support/sandbox';

const MEDIA_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'";

function expectLockedDown(response: Response, what: string): void {
  expect(response.status, what).toBe(200);
  expect(response.headers.get('content-security-policy'), what).toBe(MEDIA_CSP);
  expect(response.headers.get('x-content-type-options'), what).toBe('nosniff');
}

const SCRIPTED_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.domain)</script><rect width="10" height="10"/></svg>';

describe('media headers', () => {
  it('serves generated avatars and gallery images with a CSP sandbox and nosniff', async () => {
    const box = await sandbox();
    const member = box.world.store.userByEmail('member1@sandbox.test');
    const avatar = await fetch(`${box.url}/sandbox/media/avatars/${member?.keycloakId}.svg`);
    expectLockedDown(avatar, 'avatar');
    expect(avatar.headers.get('content-type')).toContain('image/svg+xml');
    // Still a picture: the policy allows the inline styles an SVG may use, nothing else.
    expect(await avatar.text()).toContain('<svg');
    const seeded = box.world.store.imagesOf(member?.keycloakId ?? '')[0];
    const image = await fetch(`${box.url}/sandbox/media/images/${seeded?.filename}?size=thumb`);
    expectLockedDown(image, 'seeded image');
  });

  it('serves an uploaded SVG with the policy, so its script cannot run on the sandbox origin', async () => {
    const box = await sandbox();
    const api = await loggedIn(box, 'member1');
    const uploaded = (await api.images.upload({
      file: new Blob([SCRIPTED_SVG], { type: 'image/svg+xml' }),
      filename: 'drawing.svg',
      image_type: 'Gallery Photo',
    })) as { imageUrl: string };
    const served = await fetch(uploaded.imageUrl);
    expectLockedDown(served, 'uploaded svg');
    expect(served.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('sends chat files and KYC documents with the same headers', async () => {
    const box = await sandbox();
    const admin = await loggedIn(box, 'admin');
    const tokens = await admin.session.getTokens();
    const headers = { authorization: `Bearer ${tokens?.accessToken}` };
    const doc = Object.values(box.world.store.data.kycDocuments)[0];
    const document = await fetch(`${box.url}${pathOf('kyc.getDocument', { id: doc?.id ?? '' })}`, {
      headers,
    });
    expectLockedDown(document, 'kyc document');
    const file = Object.values(box.world.store.data.chatFiles)[0];
    const chatFile = await fetch(`${box.url}${pathOf('chats.getFile', { filename: file?.filename ?? '' })}`, {
      headers,
    });
    expectLockedDown(chatFile, 'chat file');
  });
});
