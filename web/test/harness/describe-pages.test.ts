/**
 * `describePages` is what a failed browser test leaves in CI's log: a page the app unmounted must
 * read as blank, not as an empty line that looks like nothing was printed.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, describePages, startApp, type TestApp } from './browser';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
}, 60_000);
afterAll(async () => {
  await app?.close();
});

describe('describePages', () => {
  it("gives each page's address and text, and names a page the app left blank", async () => {
    const shown = await app.newPage();
    await shown.goto('/account/login');
    await shown.getByRole('button', { name: 'Log in' }).waitFor();
    const blank = await app.newPage();
    await blank.goto('/account/login');
    await blank.getByRole('button', { name: 'Log in' }).waitFor();
    // What React leaves when a part throws outside any boundary: the root emptied.
    await blank.evaluate(() => document.getElementById('root')?.replaceChildren());
    const text = await describePages([shown, blank], 'describe pages');
    // Its screenshots are a failed test's; this one passes.
    for (const index of [0, 1])
      rmSync(join(ARTIFACTS, `failed-describe-pages-${index}.png`), { force: true });
    const [first, second] = text.split(/\n(?=page 1: )/);
    expect(first).toMatch(/^page 0: http:\/\/127\.0\.0\.1:\d+\/account\/login\n.*Log in/);
    expect(second).toMatch(
      /^page 1: http:\/\/127\.0\.0\.1:\d+\/account\/login\n\(a blank page: the body shows no text; #root is empty\)$/,
    );
  });
});
