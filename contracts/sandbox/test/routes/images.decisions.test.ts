/**
 * The sandbox keeps each flagged-image decision: a second decision on the same image answers 409
 * with the earlier one (the SDK's `flaggedImageAlreadyDecidedSchema`), whichever way it goes, so a
 * client retrying after a time-out can tell. An image nobody flagged is not decided at all (404).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isHttpError } from '@matchmaker/sdk';
import { flaggedImageAlreadyDecidedSchema } from '@matchmaker/sdk/schemas';
import { describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/server';
import { loggedIn, sandbox } from '../support/sandbox';
import { scratchDir } from '../support/scratch';

const flaggedNames = (box: RunningSandbox): string[] =>
  Object.values(box.world.store.data.images)
    .filter((image) => image.flagged)
    .map((image) => image.filename);

async function answerOf(call: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    return { status: 200, body: await call };
  } catch (error) {
    if (!isHttpError(error)) throw error;
    return { status: error.status, body: error.body };
  }
}

describe('flagged-image decisions', () => {
  it('answers a second decision, either way, with 409 and the earlier decision', async () => {
    const box = await sandbox();
    const api = await loggedIn(box, 'admin');
    const adminId = box.world.store.userByEmail('admin@sandbox.test')?.keycloakId;
    const [kept = '', removed = ''] = flaggedNames(box);

    expect((await answerOf(api.images.decideFlagged({ filename: kept, approved: true }))).status).toBe(200);
    expect((await answerOf(api.images.decideFlagged({ filename: removed, approved: false }))).status).toBe(
      200,
    );
    expect(box.world.store.data.images[removed]).toBeUndefined();

    for (const [filename, approved] of [
      [kept, true],
      [kept, false],
      [removed, false],
      [removed, true],
    ] as const) {
      const again = await answerOf(api.images.decideFlagged({ filename, approved }));
      expect(again.status, `${filename} ${approved}`).toBe(409);
      const body = flaggedImageAlreadyDecidedSchema.parse(again.body);
      expect(body.decision).toMatchObject({ filename, approved: filename === kept, decided_by: adminId });
      expect(body.message).toContain(filename === kept ? 'already kept' : 'already removed');
    }
    // The kept image stays kept: the second decision changed nothing.
    expect(box.world.store.data.images[kept]).toMatchObject({ flagged: false });
  });

  it('does not decide an image nobody flagged (404), and decides again once it is flagged anew', async () => {
    const box = await sandbox({ pactStates: true });
    const api = await loggedIn(box, 'admin');
    const photo = Object.values(box.world.store.data.images).find((image) => !image.flagged);
    if (!photo) throw new Error('the seed has no unflagged image');
    const refused = await answerOf(api.images.decideFlagged({ filename: photo.filename, approved: false }));
    expect(refused.status).toBe(404);
    expect(box.world.store.data.images[photo.filename]).toMatchObject({ flagged: false });

    const [filename = ''] = flaggedNames(box);
    await api.images.decideFlagged({ filename, approved: true });
    // Flagged again (here by the provider state a Pact verification uses): a new review.
    await fetch(`${box.url}/_pact/state`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ state: 'a flagged image {filename} exists', params: { filename } }),
    });
    expect((await answerOf(api.images.decideFlagged({ filename, approved: false }))).status).toBe(200);
  });

  it('keeps decisions across a --data restart, and loads a file written before decisions were kept', async () => {
    const file = join(scratchDir('decisions-'), 'state.json');
    const first = await sandbox({ dataFile: file });
    const [filename = '', other = ''] = flaggedNames(first);
    await (await loggedIn(first, 'admin')).images.decideFlagged({ filename, approved: true });
    await first.close();

    const second = await sandbox({ dataFile: file });
    const api = await loggedIn(second, 'admin');
    expect((await answerOf(api.images.decideFlagged({ filename, approved: true }))).status).toBe(409);
    await second.close();

    const data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    delete data.imageDecisions;
    writeFileSync(file, JSON.stringify(data));
    const third = await sandbox({ dataFile: file });
    const again = await loggedIn(third, 'admin');
    expect((await answerOf(again.images.decideFlagged({ filename: other, approved: true }))).status).toBe(
      200,
    );
    expect((await answerOf(again.images.decideFlagged({ filename: other, approved: true }))).status).toBe(
      409,
    );
  });
});
