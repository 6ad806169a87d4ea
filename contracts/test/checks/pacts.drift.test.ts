/**
 * Contract drift is a reviewed change: the pacts this run wrote must be byte-equal to the
 * committed ones. After an intended change, `pnpm --filter @matchmaker/contracts pacts:update`
 * rewrites contracts/pacts for review.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMITTED_PACT_DIR, pactOutDir } from '../../src/pact-dirs';

const written = pactOutDir();
const list = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort()
    : [];

describe('pact drift', () => {
  it.skipIf(written === COMMITTED_PACT_DIR)('regenerates exactly the committed pacts', () => {
    const fresh = list(written);
    expect(fresh.length, 'no pacts were written: run the whole suite').toBeGreaterThan(0);
    expect(fresh, 'pact files differ from contracts/pacts (run pacts:update and review)').toEqual(
      list(COMMITTED_PACT_DIR),
    );
    const changed = fresh.filter(
      (name) => !readFileSync(join(written, name)).equals(readFileSync(join(COMMITTED_PACT_DIR, name))),
    );
    expect(changed, 'regenerated pacts differ from contracts/pacts (run pacts:update and review)').toEqual(
      [],
    );
  });
});
