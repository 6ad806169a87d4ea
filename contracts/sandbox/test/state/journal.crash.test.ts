/**
 * `--data` durability: a write the client saw acknowledged survives `kill -9` of the sandbox
 * process, replayed exactly (same ids, tokens, timestamps, file names); a crash's leftovers (a
 * temporary snapshot, a torn journal line) are cleaned up; and a write appends one journal line
 * instead of rewriting the whole state.
 */
import { appendFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/server';
import { killed, startDataChild, stopDataChildren } from '../support/child';
import { accessToken, call } from '../support/http';
import { pathOf } from '../support/paths';
import { scratchDir } from '../support/scratch';
import { PNG, upload } from '../support/uploads';

afterEach(stopDataChildren);

function dataFile(): string {
  const dir = scratchDir('sandbox-journal-');
  return join(dir, 'state.json');
}

describe('journal', () => {
  it('replays every acknowledged write after kill -9, and cleans up after the crash', async () => {
    const file = dataFile();
    const { child, url } = await startDataChild(file);
    const token = await accessToken(url, 'member1');
    // The first start wrote the seeded snapshot: it names member2.
    const users = JSON.parse(readFileSync(file, 'utf8')).users as Record<
      string,
      { email: string; keycloakId: string }
    >;
    const member2Id =
      Object.values(users).find((user) => user.email === 'member2@sandbox.test')?.keycloakId ?? '';
    const sent = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(url, token, 'POST', pathOf('chats.sendMessage'), {
          recipient_id: member2Id,
          message: `before the crash ${i}: é漢字 ✓`,
        }),
      ),
    );
    for (const answer of sent) expect(answer.status).toBe(200);
    expect(
      (await call(url, token, 'PUT', pathOf('settings.update'), { notification_interval: 'weekly' })).status,
    ).toBe(200);
    const image = await upload(url, token, 'images.upload', { image_type: 'Gallery', is_public: 'false' });
    const second = await accessToken(url, 'member3');
    expect(await killed(child)).toBe('SIGKILL');

    // What a crash in the middle of a snapshot and of an append leaves behind.
    writeFileSync(`${file}.4242.tmp`, '{"version":1,"half');
    appendFileSync(`${file}.log`, '{"seq":99999,"method":"POST","url":"/api/cha');

    const box = await startSandbox({ port: 0, dataFile: file, checkResponses: true });
    try {
      const messages = Object.values(box.world.store.data.messages).flat();
      for (const answer of sent) {
        const kept = messages.find((message) => message.id === answer.body.id);
        expect(kept, String(answer.body.id)).toMatchObject({
          message: answer.body.message,
          created_at: answer.body.created_at,
          status: answer.body.status,
        });
      }
      // The same sessions work: tokens were replayed, not made anew.
      for (const session of [token, second]) {
        expect((await call(box.url, session, 'GET', pathOf('accounts.userInfo'))).status).toBe(200);
      }
      const settings = await call(box.url, token, 'GET', pathOf('settings.get'));
      expect(settings.body).toMatchObject({ notification_interval: 'weekly' });
      const restored = box.world.store.image(image.filename);
      expect(restored?.is_public).toBe(false);
      expect(Buffer.from(restored?.data ?? '', 'base64')).toEqual(PNG);
      expect(readdirSync(join(file, '..')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    } finally {
      await box.close();
    }
    // A child process to start twice (once under tsx) on a busy machine.
  }, 60_000);

  it('appends one line per write and leaves the snapshot alone', async () => {
    const file = dataFile();
    const box = await startSandbox({ port: 0, dataFile: file, persistDebounceMs: 20 });
    try {
      const snapshot = statSync(file);
      const token = await accessToken(box.url, 'member2');
      for (let i = 0; i < 20; i++)
        expect(
          (
            await call(box.url, token, 'PUT', pathOf('settings.update'), {
              notification_interval: `every ${i}`,
            })
          ).status,
        ).toBe(200);
      // Fault settings are not state: not journaled, so a restart does not bring them back.
      const faults = await call(box.url, undefined, 'PUT', '/sandbox/faults', {
        latencyMs: { min: 1, max: 2 },
      });
      expect(faults.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const after = statSync(file);
      expect(after.mtimeMs).toBe(snapshot.mtimeMs);
      expect(after.size).toBe(snapshot.size);
      const lines = readFileSync(`${file}.log`, 'utf8').trim().split('\n');
      expect(lines).toHaveLength(21);
      for (const line of lines) expect(line.length).toBeLessThan(4_096);
    } finally {
      await box.close();
    }
    // A clean close folds the journal into the snapshot.
    expect(readFileSync(`${file}.log`, 'utf8')).toBe('');
    expect(existsSync(file)).toBe(true);
  });
});
