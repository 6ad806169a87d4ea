/**
 * --fields on commands that change something is checked before anything is sent: a typo exits 2
 * and the change is not made. `features list` names its subfeature column alike in every format.
 */
import type { RunningSandbox } from '@matchmaker/sandbox';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, memberIds, signedInSandbox } from './support/cli';

let box: RunningSandbox;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  ({ box, env } = await signedInSandbox());
});

const feature = (code: string) => box.world.store.data.features.find((f) => f.code === code);

describe('--fields on a command that changes something', () => {
  it('a field its answer cannot have exits 2 before the change is sent', async () => {
    const [id = ''] = memberIds(box, 1);
    const suspend = await cli(['users', 'suspend', id, '--yes', '--fields', 'statsu'], { env });
    expect(suspend.code).toBe(2);
    expect(suspend.stderr).toContain("unknown field 'statsu' (did you mean 'status'?)");
    expect(suspend.stdout).toBe('');
    expect(box.world.store.data.users[id]?.status).toBe('active');

    const pending = box.world.store.data.kycRequests.find((r) => r.status === 'PENDING');
    const before = { ...pending };
    const review = await cli(
      [
        'kyc',
        'review',
        String(pending?.id),
        '--reject',
        '--reason',
        'x',
        '--yes',
        '--fields',
        'id,status,reason',
      ],
      { env },
    );
    expect(review.code).toBe(2);
    expect(review.stderr).toContain("unknown field 'reason'");
    expect(box.world.store.data.kycRequests.find((r) => r.id === pending?.id)).toEqual(before);

    const enabled = feature('REFERRALS')?.enabled;
    for (const format of ['table', 'json', 'ndjson', 'csv']) {
      const toggle = await cli(
        ['features', 'toggle', 'REFERRALS', '--yes', '-o', format, '--fields', 'feature.enabeld'],
        { env },
      );
      expect(toggle.code).toBe(2);
      expect(toggle.stderr).toContain("did you mean 'feature.enabled'?");
    }
    expect(feature('REFERRALS')?.enabled).toBe(enabled);
  });

  it('fields of the answer pass, nested ones too, and are printed', async () => {
    const [id = ''] = memberIds(box, 2).slice(1);
    const suspend = await cli(['users', 'suspend', id, '--yes', '-o', 'csv', '--fields', 'id,status'], {
      env,
    });
    expect(suspend.code).toBe(0);
    expect(parse(suspend.stdout, { columns: true })).toEqual([{ id, status: 'suspended' }]);
    const toggle = await cli(
      ['features', 'toggle', 'REFERRALS', '--yes', '-o', 'json', '--fields', 'message,feature.enabled'],
      { env },
    );
    expect(toggle.code).toBe(0);
    expect(JSON.parse(toggle.stdout)).toEqual({
      message: expect.any(String),
      'feature.enabled': feature('REFERRALS')?.enabled,
    });
  });

  it("a field of another level of the answer: the change stands, exit 0, a warning names the field's path", async () => {
    const enabled = feature('CHAT')?.enabled;
    const toggle = await cli(['features', 'toggle', 'CHAT', '--yes', '-o', 'json', '--fields', 'enabled'], {
      env,
    });
    expect(feature('CHAT')?.enabled).toBe(!enabled);
    expect(toggle.code).toBe(0);
    expect(JSON.parse(toggle.stdout)).toEqual({ enabled: null });
    expect(toggle.stderr).toContain("'enabled' is not in this answer (did you mean 'feature.enabled'?)");
  });

  it("kyc review checks --fields against the review's answer, not the look-up before it (kyc.listRequests)", async () => {
    const pending = box.world.store.data.kycRequests.filter((r) => r.status === 'PENDING');
    const [first, second] = pending;
    const typo = await cli(['kyc', 'review', String(first?.id), '--approve', '--yes', '--fields', 'mesage'], {
      env,
    });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("unknown field 'mesage' (did you mean 'message'?)");
    expect(typo.stderr).toContain('the answer of kyc.reviewRequest has no such field');
    expect(box.world.store.data.kycRequests.find((r) => r.id === first?.id)?.status).toBe('PENDING');
    const review = await cli(
      ['kyc', 'review', String(second?.id), '--approve', '--yes', '-o', 'json', '--fields', 'message'],
      { env },
    );
    expect(review.stderr).toBe('');
    expect(review.code).toBe(0);
    expect(JSON.parse(review.stdout)).toEqual({ message: expect.any(String) });
    expect(box.world.store.data.kycRequests.find((r) => r.id === second?.id)?.status).toBe('APPROVED');
  });

  it('reads keep their check against the records', async () => {
    const list = await cli(['users', 'search', '--fields', 'id,total'], { env });
    expect(list.code).toBe(2);
    expect(list.stderr).toContain("unknown field 'total'");
  });
});

describe('features list', () => {
  it('every format carries the same rows, one per switch, with the same column names', async () => {
    const listed = async (format: string) => (await cli(['features', 'list', '-o', format], { env })).stdout;
    const asJson = JSON.parse(await listed('json'));
    expect(`[${(await listed('ndjson')).trim().split('\n').join(',')}]`).toBe(JSON.stringify(asJson));
    const subRow = asJson.find((row: { subfeature: string | null }) => row.subfeature === 'CHAT_FILES');
    expect(subRow).toMatchObject({ code: 'CHAT', subfeature: 'CHAT_FILES', enabled: expect.any(Boolean) });
    expect(asJson.find((row: { code: string }) => row.code === 'CHAT')).toMatchObject({ subfeature: null });
    const chosen = ['--fields', 'code,subfeature,enabled'];
    const json = JSON.parse((await cli(['features', 'list', '-o', 'json', ...chosen], { env })).stdout);
    const csv = parse((await cli(['features', 'list', '-o', 'csv', ...chosen], { env })).stdout, {
      columns: true,
    });
    expect(csv).toEqual(
      json.map((row: { code: string; subfeature: string | null; enabled: boolean }) => ({
        code: row.code,
        subfeature: row.subfeature ?? '',
        enabled: String(row.enabled),
      })),
    );
    const table = await cli(['features', 'list', ...chosen], { env });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^CODE\s+SUBFEATURE\s+ENABLED\n/);
  });
});
