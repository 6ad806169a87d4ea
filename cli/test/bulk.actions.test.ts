/**
 * The bulk actions as one typed map: each entry's options (declared on `bulk`, refused for other
 * actions), their checks, each row's plan, what the journal records, and each action's call
 * applied against the sandbox.
 */
import { describe, expect, it } from 'vitest';
import {
  actionOptions,
  BULK_ACTION_MAP,
  BULK_ACTIONS,
  type BulkActionName,
  configureAction,
  RowError,
} from '../src/bulk/actions';
import { CliError } from '../src/exit';
import { cli, memberIds, signedInSandbox } from './support/cli';
import { adminClient } from './support/run-spec';

const { box, env } = await signedInSandbox();

const usage = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(2);
    return (error as Error).message;
  }
  throw new Error('no usage error');
};

describe('the map', () => {
  it('holds every action, in the order bulk lists them', () => {
    expect(BULK_ACTIONS).toEqual([
      'deactivate',
      'reactivate',
      'suspend',
      'delete',
      'confirm',
      'set-role',
      'set-email',
      'kyc-review',
    ]);
  });

  it('declares each action option once, with the actions that take it, and bulk --help shows them', async () => {
    expect(actionOptions().map(({ option, actions }) => [option.flags, actions])).toEqual([
      ['--role <role>', ['set-role']],
      ['--email-column <name>', ['set-email']],
      ['--approve', ['kyc-review']],
      ['--reject', ['kyc-review']],
      ['--reason <text>', ['kyc-review']],
    ]);
    const help = await cli(['bulk', '--help'], { env, columns: 200 });
    for (const { option, actions } of actionOptions()) {
      // As commander lays it out: the flags, spaces, then the description.
      const at = help.stdout.indexOf(`  ${option.flags}  `);
      expect(at, option.flags).toBeGreaterThanOrEqual(0);
      expect(help.stdout.slice(at).split('\n')[0]).toContain(`${actions.join(', ')}: ${option.description}`);
    }
  });

  it('only the actions that lock an account out refuse the admin their own', () => {
    const locking = BULK_ACTIONS.filter((name) => BULK_ACTION_MAP[name].locksOut);
    expect(locking).toEqual(['deactivate', 'suspend', 'delete', 'set-role', 'set-email']);
  });
});

describe('options checked before anything else', () => {
  it('an option of another action is refused, naming the actions it belongs to', () => {
    expect(usage(() => configureAction('suspend', { role: 'Admin' }))).toBe(
      '--role applies to set-role only, not to suspend',
    );
    expect(usage(() => configureAction('deactivate', { approve: true, reject: true }))).toBe(
      '--approve and --reject apply to kyc-review only, not to deactivate',
    );
    expect(usage(() => configureAction('delete', { emailColumn: 'mail' }))).toBe(
      '--email-column applies to set-email only, not to delete',
    );
  });

  it("each action's own checks", () => {
    expect(usage(() => configureAction('set-role', {}))).toBe('bulk set-role needs --role ROLE');
    expect(usage(() => configureAction('set-role', { role: 'member' }))).toContain("Unknown role 'member'");
    expect(usage(() => configureAction('kyc-review', {}))).toBe('Give exactly one of --approve and --reject');
    expect(usage(() => configureAction('kyc-review', { reject: true }))).toContain('--reject needs --reason');
  });
});

describe('plans and journal options', () => {
  const ready = (name: BulkActionName, given = {}, self?: string[]) =>
    configureAction(name, given)({ idColumn: 'id', ...(self ? { self } : {}) });

  it('each action plans its change from the row', () => {
    expect(ready('deactivate').plan({ id: ' u1 ' })).toEqual({ id: 'u1', change: 'status -> deactivated' });
    expect(ready('reactivate').plan({ id: 'u1' }).change).toBe('status -> active');
    expect(ready('set-role', { role: 'Admin' }).plan({ id: 'u1' }).change).toBe('role -> Admin');
    expect(ready('set-email', { emailColumn: 'new' }).plan({ id: 'u1', new: 'a@b.test' })).toEqual({
      id: 'u1',
      change: 'email -> a@b.test',
      email: 'a@b.test',
    });
    expect(ready('kyc-review', { approve: true }).plan({ id: 'kyc-1' }).change).toBe('status -> APPROVED');
  });

  it('rows the action cannot take are row errors, naming what is wrong', () => {
    expect(() => ready('set-email').plan({ id: 'u1', email: 'nope' })).toThrow(
      new RowError("invalid email 'nope'"),
    );
    expect(() => ready('suspend').plan({ id: '' })).toThrow(new RowError("empty 'id'"));
    expect(() => ready('suspend', {}, ['sandbox.admin']).plan({ id: 'Sandbox.Admin' })).toThrow(
      new RowError('refusing to suspend your own account (Sandbox.Admin): ask another admin to do it'),
    );
    // Reactivating or confirming one's own account locks nobody out.
    expect(ready('reactivate', {}, ['sandbox.admin']).plan({ id: 'sandbox.admin' }).id).toBe('sandbox.admin');
  });

  it('the journal records the options that decide the change', () => {
    expect(ready('deactivate').options).toEqual([]);
    expect(ready('set-role', { role: 'Admin' }).options).toEqual(['--role', 'Admin']);
    expect(ready('set-email').options).toEqual(['--email-column', 'email']);
    expect(ready('kyc-review', { reject: true, reason: 'Blurred' }).options).toEqual([
      '--reject',
      '--reason',
      'Blurred',
    ]);
    expect(ready('kyc-review', { approve: true }).options).toEqual(['--approve']);
  });
});

describe('each action applied against the sandbox', () => {
  it('makes the change its plan names', async () => {
    const client = await adminClient(box);
    const [a = '', b = '', c = '', d = ''] = memberIds(box, 4);
    const user = (id: string) => box.world.store.data.users[id];
    const applied = async (
      name: BulkActionName,
      given: Record<string, unknown>,
      row: Record<string, string>,
    ) => {
      const action = configureAction(name, given)({ idColumn: 'id' });
      await action.apply(client, action.plan(row), {});
    };
    await applied('suspend', {}, { id: a });
    expect(user(a)?.status).toBe('suspended');
    await applied('reactivate', {}, { id: a });
    expect(user(a)?.status).toBe('active');
    await applied('deactivate', {}, { id: b });
    expect(user(b)?.status).toBe('deactivated');
    await applied('set-role', { role: 'Admin' }, { id: c });
    expect(user(c)?.roles).toContain('Admin');
    await applied('set-email', {}, { id: d, email: 'moved.d@example.test' });
    expect(user(d)?.email).toBe('moved.d@example.test');
    await applied('delete', {}, { id: d });
    expect(user(d)?.is_deleted).toBe(true);
    const pending = box.world.store.data.kycRequests.find((request) => request.status === 'PENDING');
    if (!pending) throw new Error('no pending KYC request');
    await applied('kyc-review', { reject: true, reason: 'Blurred' }, { id: pending.id });
    expect(box.world.store.data.kycRequests.find((request) => request.id === pending.id)?.status).toBe(
      'REJECTED',
    );
  });
});
