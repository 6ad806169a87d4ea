/**
 * redocly's recommended rules find nothing in the committed document: no error and no warning,
 * with only the rules `redocly.yaml` turns off (each with its reason there).
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { OPENAPI_FILE } from '../../src/openapi/document';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; message: string }[];
}

describe(`redocly lint ${OPENAPI_FILE}`, () => {
  it('passes the recommended rules with no error or warning', { timeout: 120_000 }, async () => {
    const { stdout } = await run('node_modules/.bin/redocly', ['lint', OPENAPI_FILE, '--format=json'], {
      cwd: root,
      maxBuffer: 32 * 1024 * 1024,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    const report = JSON.parse(stdout) as LintReport;
    expect(report.problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
  });
});
