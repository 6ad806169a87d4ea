/**
 * Image bytes of private images (gallery photos not marked public, chat uploads) are reachable
 * only through the signed link an allowed answer carries; their names cannot be guessed; public
 * photos keep plain links.
 */
import { describe, expect, it } from 'vitest';
import { accessToken } from '../support/http';
import { sandbox } from '../support/sandbox';
import { PNG, upload } from '../support/uploads';

const plain = (url: string): string => url.split('?')[0] ?? url;

describe('private image bytes', () => {
  it('are served only through the signed link of an answer that may show them', async () => {
    const box = await sandbox();
    const token = await accessToken(box.url, 'member1');
    const hidden = await upload(box.url, token, 'images.upload', {
      image_type: 'Gallery',
      is_public: 'false',
    });
    const contact = await upload(box.url, token, 'images.uploadContact');
    for (const image of [hidden, contact]) {
      expect(image.imageUrl).toMatch(/[?&]sig=/);
      expect((await fetch(plain(image.imageUrl))).status, image.filename).toBe(404);
      expect((await fetch(`${plain(image.imageUrl)}?size=thumb`)).status, image.filename).toBe(404);
      const signed = await fetch(image.imageUrl);
      expect(signed.status, image.filename).toBe(200);
      expect(Buffer.from(await signed.arrayBuffer())).toEqual(PNG);
      expect((await fetch(image.thumbnailUrl)).status).toBe(200);
      const forged = image.imageUrl.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
      expect((await fetch(forged)).status).toBe(404);
      // A link signed for one image does not open another.
      const other = image === hidden ? contact : hidden;
      const swapped = image.imageUrl.replace(
        encodeURIComponent(image.filename),
        encodeURIComponent(other.filename),
      );
      expect((await fetch(swapped)).status).toBe(404);
    }
    const shown = await upload(box.url, token, 'images.upload', { image_type: 'Gallery' });
    expect(shown.imageUrl).not.toContain('sig=');
    expect((await fetch(shown.imageUrl)).status).toBe(200);
  });

  it('have names that say nothing about the owner or the order of uploads', async () => {
    const box = await sandbox();
    const token = await accessToken(box.url, 'member1');
    const id = box.world.store.userByEmail('member1@sandbox.test')?.keycloakId ?? '';
    const names = [
      (await upload(box.url, token, 'images.upload', { image_type: 'Gallery' })).filename,
      (await upload(box.url, token, 'images.uploadContact')).filename,
    ];
    for (const name of names) {
      expect(name).not.toContain(id);
      expect(name).toMatch(/^img-[A-Za-z0-9_-]{24}\.png$/);
    }
    expect(names[0]).not.toBe(names[1]);
  });
});
