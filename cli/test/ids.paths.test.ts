/** Ids are path segments: none may name another endpoint (an attacker's or a script's empty variable). */
import { describe, expect, it } from 'vitest';
import { cli, signedInSandbox } from './support/cli';

describe('an id of "." or ".."', () => {
  it('is refused before anything is sent (exit 2), by every command that puts an id in a path', async () => {
    const { box, env } = await signedInSandbox();
    const users = Object.keys(box.world.store.data.users).length;
    const features = JSON.stringify(box.world.store.data.features);
    for (const argv of [
      ['users', 'delete', '..', '--yes'],
      ['users', 'set-role', '..', 'Admin', '--yes'],
      ['users', 'get', '.'],
      ['features', 'toggle', '..', '--yes'],
      ['kyc', 'get', '..', '..'],
    ]) {
      const result = await cli(argv, { env });
      expect(result.code, argv.join(' ')).toBe(2);
      // features toggle reads the switches first and finds no feature of that code.
      expect(result.stderr).toMatch(/"\.\.?" cannot be a path parameter|No feature '\.\.'/);
    }
    expect(Object.keys(box.world.store.data.users)).toHaveLength(users);
    expect(JSON.stringify(box.world.store.data.features)).toBe(features);
  });
});
