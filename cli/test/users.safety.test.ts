/**
 * Single-user and KYC review commands as staff type them: unknown roles (more to come).
 */
import type { RunningSandbox } from '@matchmaker/sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, idsCsv, memberIds, signedInSandbox, tempDir } from './support/cli';

let box: RunningSandbox;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  ({ box, env } = await signedInSandbox());
});

const user = (id: string) => box.world.store.data.users[id];

describe('users set-role and bulk set-role take only known roles', () => {
  it('refuses member, lower-case general, Superuser and =2+3 (exit 2), changing nothing', async () => {
    const [id = ''] = memberIds(box, 1);
    const before = { roles: user(id)?.roles, updated: user(id)?.updated_at };
    const member = await cli(['users', 'set-role', id, 'member', '--yes'], { env });
    expect(member.code).toBe(2);
    expect(member.stderr).toContain("Unknown role 'member'");
    expect(member.stderr).toContain("a member's role is 'General'");
    expect(member.stderr).toContain('General (an ordinary member)');
    expect(member.stderr).toContain('Admin (');
    const lower = await cli(['users', 'set-role', id, 'general', '--yes'], { env });
    expect(lower.code).toBe(2);
    expect(lower.stderr).toContain("Unknown role 'general' (did you mean 'General'?)");
    for (const role of ['Superuser', '=2+3', 'admin', 'constructor', 'toString']) {
      const refused = await cli(['users', 'set-role', id, role, '--yes'], { env });
      expect(refused.code, role).toBe(2);
      expect(refused.stderr).toContain(`Unknown role '${role}'`);
    }
    expect({ roles: user(id)?.roles, updated: user(id)?.updated_at }).toEqual(before);
  });

  it('General and Admin are accepted', async () => {
    const [id = ''] = memberIds(box, 1);
    const made = await cli(['users', 'set-role', id, 'Admin', '--yes', '-o', 'json'], { env });
    expect(made.code).toBe(0);
    expect(JSON.parse(made.stdout).roles).toEqual(['Admin']);
    const back = await cli(['users', 'set-role', id, 'General', '--yes', '-o', 'json'], { env });
    expect(JSON.parse(back.stdout).roles).toEqual(['General']);
  });

  it('bulk set-role --role member is refused before anything is sent, real run or dry run', async () => {
    const ids = memberIds(box, 2);
    const input = idsCsv(tempDir(), 'roles.csv', ids);
    for (const extra of [['--yes'], ['--dry-run'], ['--validate-only']]) {
      const refused = await cli(['bulk', 'set-role', '-i', input, '--role', 'member', ...extra], { env });
      expect(refused.code, extra.join(' ')).toBe(2);
      expect(refused.stderr).toContain("Unknown role 'member'");
    }
    const typo = await cli(['bulk', 'set-role', '-i', input, '--role', 'admin', '--yes'], { env });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("(did you mean 'Admin'?)");
    expect(ids.map((id) => user(id)?.roles)).toEqual([['General'], ['General']]);
  });
});
