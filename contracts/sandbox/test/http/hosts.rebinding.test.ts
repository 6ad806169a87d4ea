/**
 * DNS rebinding: a foreign page whose host name resolves to 127.0.0.1 sends `Host` and `Origin`
 * of its own name. The sandbox serves only the host names it was started for, so such a page can
 * neither change its settings nor have an admin's tokens redirected to it.
 */
import { describe, expect, it } from 'vitest';
import { accessToken, rawRequest } from '../support/http';
import { sandbox } from '../support/sandbox';

const EVIL = 'rebound.evil.example';

describe('host names', () => {
  it('refuses a foreign Host before anything runs, whatever the Origin', async () => {
    const box = await sandbox();
    const port = box.port;
    const foreign = {
      host: `${EVIL}:${port}`,
      origin: `http://${EVIL}:${port}`,
      'content-type': 'application/json',
    };
    const faults = await rawRequest(`${box.url}/sandbox/faults`, {
      method: 'PUT',
      headers: foreign,
      body: JSON.stringify({ failRate: 1 }),
    });
    expect(faults.status).toBe(421);
    expect(box.faults.failRate).toBe(0);

    const consent = await rawRequest(`${box.url}/sandbox/oauth/consent`, {
      method: 'POST',
      headers: { ...foreign, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        decision: 'allow',
        email: 'admin@sandbox.test',
        redirect_uri: `http://${EVIL}:${port}/steal`,
      }).toString(),
    });
    expect(consent.status).toBe(421);
    expect(consent.headers.location).toBeUndefined();
    expect((await rawRequest(`${box.url}/sandbox/outbox.json`, { headers: { host: EVIL } })).status).toBe(
      421,
    );
  });

  it('serves loopback names, IP addresses, --host and the --web-url host', async () => {
    const box = await sandbox({ webAppUrl: 'http://matchmaker.test:5173' });
    for (const host of [
      `localhost:${box.port}`,
      `127.0.0.1:${box.port}`,
      `[::1]:${box.port}`,
      'app.localhost',
      'matchmaker.test:8080',
      '192.168.1.20',
    ]) {
      expect((await rawRequest(`${box.url}/sandbox/health`, { headers: { host } })).status, host).toBe(200);
    }
    expect(
      (await rawRequest(`${box.url}/sandbox/health`, { headers: { host: 'matchmaker.test.evil.example' } }))
        .status,
    ).toBe(421);
  });

  it('refuses socket handshakes through a foreign host name', async () => {
    const box = await sandbox();
    const token = await accessToken(box.url, 'member1');
    const handshake = (host: string) =>
      rawRequest(`${box.url}/socket.io/?EIO=4&transport=polling&token=${encodeURIComponent(token)}`, {
        headers: { host },
      });
    expect((await handshake(EVIL)).status).not.toBe(200);
    const local = await handshake(`127.0.0.1:${box.port}`);
    expect(local.status).toBe(200);
    expect(local.text).toContain('sid');
  });
});
