/**
 * The document's `x-body-limits`, as the conformance checker reads them: a body within every
 * limit passes, each breaker breaks the limit it names (and is what the invalid probes send),
 * and the checker names where.
 */
import { describe, expect, it } from 'vitest';
import {
  type BodyLimits,
  bodyLimitProblems,
  limitBreakers,
  limitsOf,
} from '../../src/conformance/body-limits';

const LIMITS: BodyLimits = { depth: 8, entries: 2000, bytes: 65536, string: 4000 };

describe('x-body-limits', () => {
  it('reads the limits a schema states, and refuses a malformed statement', () => {
    expect(limitsOf({ type: 'object', 'x-body-limits': LIMITS })).toEqual(LIMITS);
    expect(limitsOf({ type: 'object' })).toBeUndefined();
    expect(() => limitsOf({ 'x-body-limits': { ...LIMITS, depth: 0 } })).toThrow(
      'x-body-limits.depth must be a whole number >= 1 (got 0)',
    );
  });

  it('passes a body within every limit, counting characters as code points', () => {
    let nested: unknown = 'ok';
    for (let level = 1; level < LIMITS.depth; level++) nested = { a: nested };
    expect(bodyLimitProblems({ deep: nested }, LIMITS)).toEqual([]);
    expect(bodyLimitProblems({ name: '😀'.repeat(4000), hindi: 'नमस्ते' }, LIMITS)).toEqual([]);
    expect(bodyLimitProblems({ ids: Array.from({ length: 1999 }, (_, i) => i) }, LIMITS)).toEqual([]);
  });

  it('names where a body breaks a limit', () => {
    expect(bodyLimitProblems({ about: '😀'.repeat(4001) }, LIMITS)).toEqual([
      'body.about: 4001 characters, over the 4000 of x-body-limits',
    ]);
    let nested: unknown = 'deep';
    for (let level = 0; level < LIMITS.depth; level++) nested = { a: nested };
    expect(bodyLimitProblems({ x: nested }, LIMITS)).toEqual([
      'body.x.a.a.a.a.a.a.a: nested 9 levels deep, over the 8 of x-body-limits',
    ]);
  });

  it('has one breaker per limit, each breaking exactly the limit it names when added to a body', () => {
    const breakers = limitBreakers(LIMITS);
    expect(breakers).toHaveLength(4);
    const broken = breakers.map(([value]) => bodyLimitProblems({ email: 'a@b.test', extra: value }, LIMITS));
    expect(broken.map((problems) => problems.length)).toEqual([1, 1, 1, 1]);
    expect(broken[0]?.[0]).toMatch(/nested 9 levels deep/);
    expect(broken[1]?.[0]).toMatch(/^body: 2003 keys and items in all/);
    expect(broken[2]?.[0]).toMatch(/^body\.extra: 4001 characters/);
    expect(broken[3]?.[0]).toMatch(/^body: \d+ bytes as JSON, over the 65536/);
  });
});
