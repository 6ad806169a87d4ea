/**
 * Single-user and KYC review commands as staff type them: unknown roles, the admin's own account,
 * prompts that name who is changed (asked on a pty through the built binary), decided KYC
 * requests, images decide on an image nobody flagged, and the order of the checks (not signed in
 * before "pass --yes").
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningSandbox } from '@matchmaker/sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BINARY,
  cli,
  envFor,
  idsCsv,
  memberIds,
  shellQuote,
  signedInSandbox,
  tempDir,
  waitFor,
} from './support/cli';

let box: RunningSandbox;
let env: NodeJS.ProcessEnv;
let adminId: string;

beforeAll(async () => {
  ({ box, env } = await signedInSandbox());
  const admin = Object.values(box.world.store.data.users).find((u) => u.email === 'admin@sandbox.test');
  adminId = admin?.keycloakId ?? '';
  expect(adminId).not.toBe('');
});

const user = (id: string) => box.world.store.data.users[id];
const kycOf = (status: string) => box.world.store.data.kycRequests.filter((r) => r.status === status);
const images = () => Object.values(box.world.store.data.images);
function flaggedImage() {
  const found = images().find((image) => image.flagged);
  if (!found) throw new Error('the sandbox has no flagged image left');
  return found;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for escape sequences
const ANSI_SEQUENCE = /\u001b(?:\[[0-9;?]*[A-Za-z]|[78])/g;

/** Runs the binary on a pseudo-terminal and answers `answer` if `prompt` shows before it exits. */
async function onTerminal(args: string[], prompt: string, answer = 'n\r') {
  // A wide terminal: a question longer than the pty's default 80 columns would be wrapped.
  const command = `stty cols 250; exec ${[process.execPath, BINARY, ...args].map(shellQuote).join(' ')}`;
  const child = spawn('script', ['-qefc', command, '/dev/null'], { env: { ...env, TERM: 'xterm' } });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  let ended = false;
  void exited.then(() => (ended = true));
  await waitFor(() => ended || output.replace(ANSI_SEQUENCE, '').includes(prompt));
  if (!ended) child.stdin.write(answer);
  const code = await exited;
  return { code, output: () => output.replace(ANSI_SEQUENCE, '') };
}

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

describe("an admin's own account", () => {
  it('set-role, suspend, deactivate and delete of the signed-in admin are refused (exit 2)', async () => {
    for (const argv of [
      ['set-role', adminId, 'General'],
      ['suspend', adminId],
      ['deactivate', adminId],
      ['delete', adminId],
      // The API finds users by username too: the same account under another name.
      ['delete', 'sandbox.admin'],
    ]) {
      const refused = await cli(['users', ...argv, '--yes'], { env });
      expect(refused.code, argv.join(' ')).toBe(2);
      expect(refused.stderr).toContain('your own account');
      expect(refused.stderr).toContain('another admin');
    }
    const admin = user(adminId);
    expect(admin).toMatchObject({ roles: ['Admin', 'offline_access'], status: 'active', is_deleted: false });
    expect((await cli(['whoami'], { env })).code).toBe(0);
  });

  it('bulk refuses a row naming the admin by id, username or email, in any case, as a failed row', async () => {
    const dir = tempDir();
    const [a = '', b = ''] = memberIds(box, 2);
    const own = ['sandbox.admin', 'ADMIN@Sandbox.Test', adminId.toUpperCase(), 'Sandbox.Admin'];
    const input = idsCsv(dir, 'own.csv', [own[0] ?? '', a]);
    const demote = await cli(['bulk', 'set-role', '--role', 'General', '-i', input, '--yes'], { env });
    expect(demote.code, demote.stderr).toBe(3);
    const failures = readFileSync(join(dir, 'own.set-role.failures.csv'), 'utf8');
    expect(failures).toContain('sandbox.admin,refusing to set-role your own account');
    expect(user(a)?.roles).toEqual(['General']);
    for (const [i, action] of ['suspend', 'deactivate', 'delete'].entries()) {
      const rows = idsCsv(dir, `own-${action}.csv`, [...own, i === 0 ? b : a]);
      const check = await cli(['bulk', action, '-i', rows, '--validate-only'], { env });
      expect(check.code, `${action} --validate-only`).toBe(2);
      expect(check.stderr).toContain(`${own.length} invalid`);
      for (const line of [2, 3, 4, 5]) {
        expect(check.stderr).toContain(`line ${line}: refusing to ${action} your own account`);
      }
      const dry = await cli(['bulk', action, '-i', rows, '--dry-run', '-o', 'csv'], { env });
      expect(dry.code, `${action} --dry-run`).toBe(3);
      expect(dry.stderr).toContain(`${own.length} rows are invalid`);
      // Listed in the data as invalid, with the reason; never as a change.
      expect(dry.stdout).toContain(`sandbox.admin,${action},,invalid,refusing to ${action} your own account`);
      expect(dry.stdout).not.toMatch(/sandbox\.admin,[^\n]*would change/i);
    }
    const suspend = await cli(
      ['bulk', 'suspend', '-i', idsCsv(dir, 'mail.csv', [own[1] ?? '', b]), '--yes'],
      {
        env,
      },
    );
    expect(suspend.code).toBe(3);
    expect(readFileSync(join(dir, 'mail.suspend.failures.csv'), 'utf8')).toContain(
      'ADMIN@Sandbox.Test,refusing to suspend your own account',
    );
    expect(user(b)?.status).toBe('suspended');
    // Signed out, a check of the input cannot know whose the account is, and says so.
    const blind = await cli(['bulk', 'suspend', '-i', input, '--validate-only'], { env: envFor(box) });
    expect(blind.code).toBe(0);
    expect(blind.stderr).toContain('Rows naming your own account are not checked (Not signed in');
    expect(user(adminId)).toMatchObject({
      roles: ['Admin', 'offline_access'],
      status: 'active',
      is_deleted: false,
    });
  });
});

describe('not signed in comes before "pass --yes"', () => {
  it('piped destructive commands without a session exit 4 with the login hint', async () => {
    const signedOut = envFor(box);
    const [id = ''] = memberIds(box, 1);
    const request = kycOf('PENDING')[0]?.id ?? '';
    for (const argv of [
      ['users', 'delete', id],
      ['users', 'suspend', id],
      ['users', 'deactivate', id],
      ['users', 'set-role', id, 'Admin'],
      ['users', 'set-email', id, 'x@example.test'],
      ['kyc', 'review', request, '--approve'],
      ['images', 'decide', flaggedImage().filename, '--remove'],
    ]) {
      const result = await cli(argv, { env: signedOut });
      expect(result.code, argv.join(' ')).toBe(4);
      expect(result.stderr).toContain('run `matchmaker login`');
    }
  });
});

describe('a bad --fields is refused before the question (on a terminal)', () => {
  it('suspend, deactivate, delete, set-role, set-email, images decide, features toggle and kyc review exit 2 without asking', async () => {
    const [id = ''] = memberIds(box, 1);
    const before = { ...user(id) };
    const flagged = Object.values(box.world.store.data.images).find((image) => image.flagged);
    const pending = kycOf('PENDING')[0]?.id ?? '';
    const enabled = box.world.store.data.features.find((f) => f.code === 'CHAT')?.enabled;
    const runs: [string[], string][] = [
      [['users', 'suspend', id], "unknown field 'statsu' (did you mean 'status'?)"],
      [['users', 'deactivate', id], "unknown field 'statsu'"],
      [['users', 'delete', id], "unknown field 'statsu'"],
      [['users', 'set-role', id, 'Admin'], "unknown field 'statsu'"],
      [['users', 'set-email', id, 'new.address@example.test'], "unknown field 'statsu'"],
      [['images', 'decide', flagged?.filename ?? '', '--remove'], "unknown field 'statsu'"],
      [['features', 'toggle', 'CHAT'], "unknown field 'statsu'"],
      [['kyc', 'review', pending, '--approve'], "unknown field 'statsu'"],
    ];
    for (const [args, message] of runs) {
      // Answering yes if the question comes: the typo is then found only after it.
      const asked = await onTerminal([...args, '--fields', 'statsu'], '(y/N)', 'y\r');
      expect(asked.output(), args.join(' ')).toContain(message);
      expect(asked.output(), args.join(' ')).not.toContain('(y/N)');
      expect(asked.code, args.join(' ')).toBe(2);
    }
    expect(user(id)).toEqual(before);
    expect(Object.values(box.world.store.data.images).find((image) => image.flagged)).toEqual(flagged);
    expect(kycOf('PENDING')[0]?.id).toBe(pending);
    expect(box.world.store.data.features.find((f) => f.code === 'CHAT')?.enabled).toBe(enabled);
  });

  it('users create refuses it before asking for the password', async () => {
    const users = Object.keys(box.world.store.data.users).length;
    const account = ['--email', 'typo.person@example.test', '--username', 'typo.person'];
    const names = ['--first-name', 'Typo', '--last-name', 'Person', '--date-of-birth', '1991-05-06'];
    const asked = await onTerminal(
      ['users', 'create', ...account, ...names, '--sex', 'female', '--fields', 'user.statsu'],
      'Password for the new account',
      'Secret-pass-1\r',
    );
    expect(asked.output()).toContain("unknown field 'user.statsu' (did you mean 'user.status'?)");
    expect(asked.output()).not.toContain('Password for the new account');
    expect(asked.code).toBe(2);
    expect(Object.keys(box.world.store.data.users)).toHaveLength(users);
  });
});

describe('kyc review of a decided request', () => {
  it('is refused (exit 2, naming its status and --force); --force reviews it again', async () => {
    const approved = kycOf('APPROVED')[0];
    expect(approved).toBeDefined();
    const id = approved?.id ?? '';
    const refused = await cli(['kyc', 'review', id, '--reject', '--reason', 'Forged', '--yes'], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`KYC request ${id} is already APPROVED`);
    expect(refused.stderr).toContain('--force');
    expect(approved?.status).toBe('APPROVED');
    const forced = await cli(['kyc', 'review', id, '--reject', '--reason', 'Forged', '--yes', '--force'], {
      env,
    });
    expect(forced.code).toBe(0);
    expect(approved?.status).toBe('REJECTED');
  });

  it('a pending request is reviewed as before; an unknown one exits 1', async () => {
    const pending = kycOf('PENDING')[0];
    const done = await cli(['kyc', 'review', pending?.id ?? '', '--approve', '--yes', '-o', 'json'], { env });
    expect(done.code).toBe(0);
    expect(JSON.parse(done.stdout).request.status).toBe('APPROVED');
    const missing = await cli(['kyc', 'review', 'kyc-nope', '--approve', '--yes'], { env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No such KYC request');
  });
});

describe('images decide takes only flagged images', () => {
  it("an image nobody flagged (a member's profile photo) is refused, --keep or --remove (exit 2)", async () => {
    const photo = images().find((image) => !image.flagged && image.image_type === 'Profile Photo');
    expect(photo).toBeDefined();
    const filename = photo?.filename ?? '';
    for (const decision of ['--remove', '--keep']) {
      const refused = await cli(['images', 'decide', filename, decision, '--yes'], { env });
      expect(refused.code, decision).toBe(2);
      expect(refused.stderr).toContain(`Image ${filename} is not in the flagged list: nothing was changed`);
    }
    expect(box.world.store.data.images[filename]).toMatchObject({ flagged: false });
  });

  it('a flagged image is still removed', async () => {
    const { filename } = flaggedImage();
    const removed = await cli(['images', 'decide', filename, '--remove', '--yes', '-o', 'json'], { env });
    expect(removed.code, removed.stderr).toBe(0);
    expect(JSON.parse(removed.stdout).approved).toBe(false);
    expect(box.world.store.data.images[filename]).toBeUndefined();
  });
});

describe('prompts name what they change (on a terminal)', () => {
  it("images decide --remove names the image's owner and that it is flagged", async () => {
    const image = flaggedImage();
    const owner = user(image.user_id);
    const asked = await onTerminal(['images', 'decide', image.filename, '--remove'], 'Remove flagged image');
    expect(asked.code).toBe(1);
    expect(asked.output()).toContain(
      `Remove flagged image ${image.filename} of ${owner?.username} (user id ${image.user_id}`,
    );
    expect(box.world.store.data.images[image.filename]).toMatchObject({ flagged: true });
  });

  it('delete names the username and email; no answers nothing', async () => {
    const [id = ''] = memberIds(box, 1);
    const target = user(id);
    const asked = await onTerminal(['users', 'delete', id], `Delete user ${target?.username} (`);
    expect(asked.code).toBe(1);
    expect(asked.output()).toContain(`Delete user ${target?.username} (${target?.email}, id ${id})?`);
    expect(user(id)?.is_deleted).toBe(false);
  });

  it('an unknown user stops before the question: exit 1, no such user', async () => {
    const asked = await onTerminal(['users', 'suspend', 'no-such-user'], 'Suspend user');
    expect(asked.code).toBe(1);
    expect(asked.output()).toContain("No such user 'no-such-user'");
    expect(asked.output()).not.toContain('Suspend user');
  });

  it('set-role says what the role means', async () => {
    const [id = ''] = memberIds(box, 1);
    const target = user(id);
    const asked = await onTerminal(['users', 'set-role', id, 'Admin'], 'the back office');
    expect(asked.code).toBe(1);
    expect(asked.output()).toContain(
      `Change the role of user ${target?.username} (${target?.email}, id ${id}) from General to Admin`,
    );
    expect(user(id)?.roles).toEqual(['General']);
  });

  it('kyc review shows the current status and the applicant', async () => {
    const pending = kycOf('PENDING')[0];
    const applicant = user(pending?.user_id ?? '');
    const asked = await onTerminal(['kyc', 'review', pending?.id ?? '', '--approve'], 'Approve KYC request');
    expect(asked.code).toBe(1);
    expect(asked.output()).toContain(
      `Approve KYC request ${pending?.id} of ${applicant?.username} (now PENDING)?`,
    );
    expect(pending?.status).toBe('PENDING');
  });
});
