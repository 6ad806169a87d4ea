/**
 * A schema parsed often enough is switched to zod's compiled parser (`transport/validate.ts`): the
 * answers, the tolerated values' warnings and the contract errors must stay exactly what the
 * runtime parser gave, and nothing is compiled where eval is off (the web app's `jitless`).
 */
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createClient, isContractError, isContractWarning, MemoryTokenStore } from '../../src/index';
import { endpointList, userSchema } from '../../src/schemas/index';
import { collectUnknownValues } from '../../src/schemas/tolerant';
import { COMPILE_AFTER_PARSES, parseOrThrow, parserOf } from '../../src/transport/validate';
import { SAMPLE_ANSWERS } from '../support/answers';
import { sampleUser, TOKENS } from '../support/client';
import { useTestServer } from '../support/server';

const server = useTestServer();

const odd = sampleUser({ body_type: 'petite', height: '172', has_children: 'yes', extra_field: 7 });
const broken = sampleUser({ roles: ['General', 3], is_deleted: 'no' });

/** What a fresh client makes of the odd and the broken answer: the user, its warnings, the error. */
async function outcome() {
  const errors: unknown[] = [];
  const client = createClient({
    baseURL: server.url,
    tokenStore: new MemoryTokenStore({ ...TOKENS }),
    locks: null,
    onError: (error) => errors.push(error),
  });
  server.handle(() => ({ body: odd }));
  const user = await client.accounts.userInfo();
  server.handle(() => ({ body: broken }));
  const error = await client.accounts.userInfo().catch((caught: unknown) => caught);
  if (!isContractError(error)) throw new Error(`expected a ContractError, got ${String(error)}`);
  return {
    user,
    warnings: errors.map((warning) => (isContractWarning(warning) ? warning.message : String(warning))),
    error: { message: error.message, path: error.path, issues: error.issues },
  };
}

/** Parses `value` with `schema` until the parser has been chosen for good. */
function parseUntilDecided(schema: z.core.$ZodType, value: unknown): void {
  for (let i = 0; i < COMPILE_AFTER_PARSES; i++) parseOrThrow(schema, value, 'test', 'response');
}

afterEach(() => {
  z.config({ jitless: false });
});

describe('compiled parsers', () => {
  it('answer, warn and refuse exactly as the runtime parser once a schema is compiled', async () => {
    const before = await outcome();
    expect(parserOf(userSchema)).toBe(userSchema);
    expect(before.warnings.length).toBe(3);

    parseUntilDecided(userSchema, sampleUser());
    expect(parserOf(userSchema)).not.toBe(userSchema);

    const after = await outcome();
    expect(after).toEqual(before);
    expect(after.user).toMatchObject({
      body_type: 'petite',
      height: 172,
      has_children: true,
      extra_field: 7,
    });
    expect(after.error.message).toBe(before.error.message);
  });

  it("give every catalogue answer's sample, and the sample broken, what the runtime gives", () => {
    let compared = 0;
    for (const entry of endpointList) {
      const sample = SAMPLE_ANSWERS[entry.id];
      if (entry.response === 'binary' || sample === undefined) continue;
      const runtime = entry.response;
      const compiled = z.compile(runtime);
      // Each field of the sample in turn replaced by a value of another type: a tolerated value
      // or a contract error, whichever the runtime makes of it.
      const inputs: unknown[] = [sample, null, []];
      for (const key of Object.keys(sample)) inputs.push({ ...sample, [key]: { wrong: [1] } });
      for (const input of inputs) {
        const expected = collectUnknownValues(() => runtime.safeParse(structuredClone(input)));
        const actual = collectUnknownValues(() => compiled.safeParse(structuredClone(input)));
        expect(actual, `${entry.id}: ${JSON.stringify(input).slice(0, 80)}`).toEqual(expected);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('are never made while zod runs without eval (jitless)', () => {
    const fresh = z.looseObject({ name: z.string(), age: z.number().optional() });
    z.config({ jitless: true });
    parseUntilDecided(fresh, { name: 'a', age: 3 });
    expect(parserOf(fresh)).toBe(fresh);

    const other = z.looseObject({ name: z.string(), age: z.number().optional() });
    z.config({ jitless: false });
    parseUntilDecided(other, { name: 'a', age: 3 });
    expect(parserOf(other)).not.toBe(other);
  });
});
