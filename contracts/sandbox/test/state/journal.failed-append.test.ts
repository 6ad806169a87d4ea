/**
 * `--data` durability when an append fails part-way (a full disk, a file-size limit): the writes
 * acknowledged after the failure must survive a restart. The failed append's partial line used to
 * stay in the journal, and the next entries were written straight after it, into the same line:
 * on restart the reader met that line, could not parse it and cut the journal there, so every
 * acknowledged write after the failure was lost.
 *
 * The failure is real: the sandbox runs under `ulimit -f`, so the kernel writes part of the batch
 * and then refuses the rest (EFBIG; Node ignores SIGXFSZ).
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/server';
import { killed, startDataChild, stopDataChildren } from '../support/child';
import { accessToken, call } from '../support/http';
import { pathOf } from '../support/paths';
import { scratchDir } from '../support/scratch';

afterEach(stopDataChildren);

/** An image upload of `bytes` bytes (a PNG signature, then padding): its journal line is about 4/3 of it. */
async function uploadOf(url: string, token: string, bytes: number): Promise<number> {
  const data = Buffer.alloc(bytes);
  Buffer.from('89504e470d0a1a0a', 'hex').copy(data);
  const form = new FormData();
  form.append('image_type', 'Gallery');
  form.append('file', new Blob([data], { type: 'image/png' }), 'big.png');
  const answer = await fetch(`${url}${pathOf('images.upload')}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  await answer.arrayBuffer();
  return answer.status;
}

describe('journal after a failed append', () => {
  it('keeps every write acknowledged after an append that failed part-way', async () => {
    const dir = scratchDir('sandbox-journal-');
    const file = join(dir, 'state.json');
    // The seeded snapshot, written once without a limit: the limit is set just above its size.
    await (await startSandbox({ port: 0, dataFile: file })).close();
    // bash counts `ulimit -f` in KiB.
    const limit = Math.ceil((statSync(file).size + 64 * 1024) / 1024) * 1024;
    const log = `${file}.log`;

    const { child, url } = await startDataChild(file, limit);
    const token = await accessToken(url, 'member1');
    const before = statSync(log).size;
    // One upload brings the journal to about 20 KB under the limit...
    expect(await uploadOf(url, token, Math.floor(((limit - before - 20_000) * 3) / 4))).toBe(200);
    const room = limit - statSync(log).size;
    expect(room).toBeGreaterThan(5_000);
    expect(room).toBeLessThan(40_000);
    // ...the next one cannot fit: part of its line is written, then the kernel refuses the rest.
    expect(await uploadOf(url, token, 45_000)).toBe(500);
    // A small write after it fits in what is left, and is acknowledged.
    const settings = await call(url, token, 'PUT', pathOf('settings.update'), {
      notification_interval: 'after the failed append',
    });
    expect(settings.status).toBe(200);
    await killed(child);

    // Every line of the journal is a whole entry: the failed append left nothing behind.
    const lines = readFileSync(log, 'utf8').split('\n');
    expect(lines.pop()).toBe('');
    for (const line of lines) expect(() => JSON.parse(line), line.slice(0, 80)).not.toThrow();

    const box = await startSandbox({ port: 0, dataFile: file });
    try {
      const kept = await call(box.url, token, 'GET', pathOf('settings.get'));
      expect(kept.status).toBe(200);
      expect(kept.body).toMatchObject({ notification_interval: 'after the failed append' });
    } finally {
      await box.close();
    }
  }, 60_000);

  it('refuses to start over a damaged line with entries after it, naming the line, and changes nothing', async () => {
    const dir = scratchDir('sandbox-journal-');
    const file = join(dir, 'state.json');
    const { child, url } = await startDataChild(file);
    const token = await accessToken(url, 'member1');
    for (const value of ['one', 'two'])
      expect(
        (await call(url, token, 'PUT', pathOf('settings.update'), { notification_interval: value })).status,
      ).toBe(200);
    // A crash leaves the journal as it is (a close would fold it into the snapshot).
    await killed(child);
    const [first, second] = readFileSync(`${file}.log`, 'utf8').trim().split('\n');
    const damaged = `${first}\n{"seq":7,"method":"PU\n${second}\n`;
    writeFileSync(`${file}.log`, damaged);

    await expect(startSandbox({ port: 0, dataFile: file })).rejects.toThrow(
      /state\.json\.log: line 2 is not a whole journal entry, and 1 entry follows it/,
    );
    expect(readFileSync(`${file}.log`, 'utf8')).toBe(damaged);
  }, 60_000);
});
