/**
 * The test helpers' clean-up: whatever a file starts (a sandbox, a gateway in front of it, a
 * folder) is undone by `cleanUp`, which test/support/per-file.ts runs after every file, also for
 * the helpers a `beforeAll` or a test calls (vitest drops hooks those would register themselves).
 */
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, sandbox, tempDir } from './support/cli';
import { gateway } from './support/gateway';

/** Whether something still listens at `url`'s port (a gateway in front of a closed sandbox does). */
function listening(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('cleanUp', () => {
  let fromBeforeAll = '';
  beforeAll(async () => {
    fromBeforeAll = (await gateway((await sandbox()).url)).url;
  });

  it('closes the sandboxes and gateways and removes the folders the file made', async () => {
    const box = await sandbox();
    const inTest = await gateway(box.url);
    const dir = tempDir();
    expect(await listening(fromBeforeAll)).toBe(true);
    expect(await listening(inTest.url)).toBe(true);
    await cleanUp();
    expect(await listening(fromBeforeAll)).toBe(false);
    expect(await listening(inTest.url)).toBe(false);
    expect(await listening(box.url)).toBe(false);
    expect(existsSync(dir)).toBe(false);
  });
});
