/**
 * Ctrl-C and SIGTERM while `--all` pages (the built binary, behind a gateway that never answers
 * the second page): what was printed stays valid data, the error says where to go on from, 130.
 */
import { describe, expect, it } from 'vitest';
import { cli, envFor, login, sandbox, spawnCli, waitFor } from './support/cli';
import { gateway } from './support/gateway';

const box = await sandbox();
const gw = await gateway(box.url);
const env = envFor(box, { MATCHMAKER_API_BASE: gw.url });
expect((await login(env)).code).toBe(0);
const pages = Math.ceil(Object.keys(box.world.store.data.users).length / 15);

/** Page 1 passes; every later search hangs, so the run is waiting on page 2 when stopped. */
function hangAfterFirstPage() {
  let searches = 0;
  gw.rule = (_method, path) => (path.endsWith('/users/search') && ++searches > 1 ? 'hang' : 'pass');
  return () => searches;
}

async function stopOnPage2(signal: NodeJS.Signals, format: string) {
  const searches = hangAfterFirstPage();
  const run = spawnCli(['users', 'search', '--all', '-o', format, '--fields', 'id,email'], { env });
  await waitFor(() => searches() >= 2);
  run.child.kill(signal);
  const code = await run.exited;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

describe('a signal while --all pages', () => {
  it('SIGINT: json is a closed array of page 1, exit 130, the message names page 2', async () => {
    const result = await stopOnPage2('SIGINT', 'json');
    expect(result.code).toBe(130);
    expect(JSON.parse(result.stdout)).toHaveLength(15);
    expect(JSON.parse(result.stderr)).toEqual({
      code: 'INTERRUPTED',
      message: `The output is incomplete: stopped at page 2 of ${pages} after 15 records: Interrupted (Ctrl-C); to go on from there, run again with --page 2 --all`,
    });
  });

  it('SIGTERM: the same, exit 130; ndjson and csv lines are whole', async () => {
    const ndjson = await stopOnPage2('SIGTERM', 'ndjson');
    expect(ndjson.code).toBe(130);
    expect(ndjson.stdout.endsWith('\n')).toBe(true);
    expect(
      ndjson.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toHaveLength(15);
    expect(JSON.parse(ndjson.stderr).message).toContain('stopped at page 2');
    expect(JSON.parse(ndjson.stderr).message).toContain('Interrupted (SIGTERM)');

    const csv = await stopOnPage2('SIGTERM', 'csv');
    expect(csv.code).toBe(130);
    expect(csv.stdout.endsWith('\n')).toBe(true);
    expect(csv.stdout.trim().split('\n')).toHaveLength(16);
    expect(csv.stderr).toContain('The output is incomplete: stopped at page 2 of');
    expect(csv.stderr).toContain('run again with --page 2 --all');
  });

  it('Ctrl-C while page 2 waits out a 429 (Retry-After 30 s) ends the wait at once, exit 130', async () => {
    // The read's retry is waiting in the CLI's fetch, not on the network, when the signal comes.
    let searches = 0;
    gw.rule = (_method, path) =>
      path.endsWith('/users/search') && ++searches > 1
        ? { status: 429, headers: { 'retry-after': '30' }, body: { message: 'Slow down' } }
        : 'pass';
    const run = spawnCli(['users', 'search', '--all', '-o', 'json', '--fields', 'id'], { env });
    await waitFor(() => searches >= 2);
    const stopped = performance.now();
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(130);
    // Well before the 30 s the server asked for, and with no second try of page 2.
    expect(performance.now() - stopped).toBeLessThan(10_000);
    expect(searches).toBe(2);
    expect(JSON.parse(run.stdout())).toHaveLength(15);
    expect(JSON.parse(run.stderr()).message).toContain('stopped at page 2');
  });

  it('a signal before the first page arrives prints nothing and exits 130', async () => {
    gw.rule = (_method, path) => (path.endsWith('/users/search') ? 'hang' : 'pass');
    const before = gw.seen.length;
    const run = spawnCli(['users', 'search', '--all', '-o', 'json'], { env });
    await waitFor(() => gw.seen.slice(before).some((seen) => seen.path.endsWith('/users/search')));
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(130);
    expect(run.stdout()).toBe('');
    expect(JSON.parse(run.stderr())).toEqual({
      code: 'INTERRUPTED',
      message: 'Interrupted (Ctrl-C) before the first page arrived: nothing was printed',
    });
  });

  it('the handlers are gone once the list is printed: a later signal is not swallowed', async () => {
    gw.rule = undefined;
    const before = [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')];
    const listed = await cli(['users', 'search', '--all', '-o', 'ndjson', '--fields', 'id'], { env });
    expect(listed.code).toBe(0);
    expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual(before);
  });
});
