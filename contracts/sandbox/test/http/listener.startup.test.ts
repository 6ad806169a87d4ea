/**
 * The server listens before the app is built on it (so the public URL and the sockets exist when
 * the handlers are registered); a request that arrives meanwhile waits for the app, it is neither
 * refused nor answered by a half-built app.
 */
import { describe, expect, it } from 'vitest';
import { Listener } from '../../src/http/listener';

describe('listener', () => {
  it('holds requests until the app is ready, then answers them in order', async () => {
    const listener = await Listener.open(0, '127.0.0.1');
    try {
      expect(listener.url).toBe(`http://127.0.0.1:${listener.port}`);
      const answered: string[] = [];
      listener.serverFactory((request, response) => {
        answered.push(request.url ?? '');
        response.end('ok');
      });
      const early = [fetch(`${listener.url}/first`), fetch(`${listener.url}/second`)];
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(answered).toEqual([]);
      listener.ready();
      const texts = await Promise.all(early.map(async (response) => (await response).text()));
      expect(texts).toEqual(['ok', 'ok']);
      expect(answered.sort()).toEqual(['/first', '/second']);
      expect(await (await fetch(`${listener.url}/later`)).text()).toBe('ok');
    } finally {
      await listener.close();
    }
  });
});
