/**
 * `images decide` on an image already decided (a retry after a time-out, a second admin): the API
 * answers 409 with the earlier decision, and the command exits 0 saying it was already decided
 * the same way, or 1 naming the other decision. Nothing changes either way.
 */
import type { RunningSandbox } from '@matchmaker/sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, signedInSandbox } from './support/cli';

let box: RunningSandbox;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  ({ box, env } = await signedInSandbox());
});

function flagged(): string[] {
  return Object.values(box.world.store.data.images)
    .filter((image) => image.flagged)
    .map((image) => image.filename);
}

const decide = (filename: string, ...flags: string[]) =>
  cli(['images', 'decide', filename, ...flags, '-o', 'json'], { env });

describe('images decide on an image already decided', () => {
  it('--keep twice: the second run exits 0 saying it was already kept', async () => {
    const [filename = ''] = flagged();
    expect((await decide(filename, '--keep')).code).toBe(0);
    const again = await decide(filename, '--keep');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(
      new RegExp(`Image ${filename} was already kept on \\S+: nothing was changed`),
    );
    expect(JSON.parse(again.stdout)).toMatchObject({ filename, approved: true });
  });

  it('--remove twice exits 0; the other decision afterwards exits 1 naming the earlier one', async () => {
    const [removed = '', kept = ''] = flagged();
    expect((await decide(removed, '--remove', '--yes')).code).toBe(0);
    const again = await decide(removed, '--remove', '--yes');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(`Image ${removed} was already removed on`);
    expect(JSON.parse(again.stdout)).toMatchObject({ filename: removed, approved: false });

    const other = await decide(removed, '--keep');
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(
      new RegExp(`Image ${removed} was already removed on \\S+ by admin \\S+: it was not kept`),
    );
    expect(box.world.store.data.images[removed]).toBeUndefined();

    expect((await decide(kept, '--keep')).code).toBe(0);
    const reverse = await decide(kept, '--remove', '--yes');
    expect(reverse.code).toBe(1);
    expect(reverse.stderr).toContain(`Image ${kept} was already kept on`);
    expect(reverse.stderr).toContain('it was not removed');
    expect(box.world.store.data.images[kept]).toMatchObject({ flagged: false });
  });
});
