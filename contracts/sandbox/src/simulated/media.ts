/**
 * Image bytes: generated avatars for seeded members and the stored bytes of uploads. Served
 * without a token, as `<img src>` cannot send one, and with the media headers (a member's upload
 * may be an SVG with script in it). Private images need the signed link their answers carry
 * (media/signed-urls.ts).
 */
import type { FastifyInstance } from 'fastify';
import { MEDIA_PREFIX } from '../core/views';
import type { World } from '../core/world';
import { setMediaHeaders } from '../http/media-headers';
import { avatarSvg } from '../media/avatar';
import { isPublicMedia } from '../media/signed-urls';

const CACHE = 'public, max-age=3600';

export function registerMedia(app: FastifyInstance, world: World): void {
  app.get<{ Params: { file: string } }>(`${MEDIA_PREFIX}/avatars/:file`, (request, reply) => {
    const userId = request.params.file.replace(/\.svg$/, '');
    const user = world.store.user(userId);
    if (!user) return reply.code(404).send({ message: 'Avatar not found' });
    const photo = world.store.imagesOf(userId).find((image) => image.kind === 'avatar');
    const svg = avatarSvg(`${user.first_name[0] ?? ''}${user.last_name[0] ?? ''}`, photo?.hue ?? 260);
    return setMediaHeaders(reply).type('image/svg+xml').header('cache-control', CACHE).send(svg);
  });

  app.get<{ Params: { filename: string }; Querystring: { size?: string; expires?: string; sig?: string } }>(
    `${MEDIA_PREFIX}/images/:filename`,
    (request, reply) => {
      const image = world.store.image(request.params.filename);
      const { expires, sig } = request.query;
      // A private image without a valid signed link looks exactly like a missing one.
      if (!image || (!isPublicMedia(image) && !world.media.verify(image.filename, expires, sig)))
        return reply.code(404).send({ message: 'Image not found' });
      const cache = isPublicMedia(image) ? CACHE : 'private, max-age=3600';
      if (image.data)
        return setMediaHeaders(reply)
          .type(image.content_type)
          .header('cache-control', cache)
          .send(Buffer.from(image.data, 'base64'));
      const user = world.store.user(image.user_id);
      const variant = Number(/gallery-(\d)/.exec(image.filename)?.[1] ?? 0);
      const size = request.query.size === 'thumb' ? 96 : 256;
      const svg = avatarSvg(
        `${user?.first_name[0] ?? ''}${user?.last_name[0] ?? ''}`,
        image.hue,
        variant,
        size,
      );
      return setMediaHeaders(reply).type('image/svg+xml').header('cache-control', cache).send(svg);
    },
  );
}
