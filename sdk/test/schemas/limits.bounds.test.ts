import { describe, expect, it } from 'vitest';
import {
  BODY_LIMITS,
  chatReportSchema,
  jsonLimitBreach,
  registerSchema,
  sendMessageSchema,
  TEXT_LIMITS,
  updateUserSchema,
  userSearchBodySchema,
} from '../../src/schemas/index';

/** Characters as JSON Schema's maxLength counts them: code points (an emoji is one, two UTF-16 units). */
const EMOJI = '😀';
const DEVANAGARI = 'नमस्ते'; // six code points, four letters as a reader sees them

function nested(levels: number): unknown {
  const root: Record<string, unknown> = {};
  let current = root;
  for (let level = 1; level < levels; level++) {
    const child: Record<string, unknown> = {};
    current.a = child;
    current = child;
  }
  return root;
}

describe('request limits', () => {
  it('measures any depth without recursion and names where a body breaks a limit', () => {
    expect(jsonLimitBreach(nested(BODY_LIMITS.depth))).toBeUndefined();
    expect(jsonLimitBreach(nested(BODY_LIMITS.depth + 1))?.message).toContain('levels deep');
    expect(jsonLimitBreach(nested(100_000))?.path).toHaveLength(BODY_LIMITS.depth);
    expect(jsonLimitBreach({ list: ['ok', 'x'.repeat(BODY_LIMITS.string + 1)] })?.path).toEqual(['list', 1]);
    expect(
      jsonLimitBreach({ list: Array.from({ length: BODY_LIMITS.entries + 1 }, () => 1) })?.message,
    ).toContain('keys and items');
    expect(jsonLimitBreach({ many: Array.from({ length: 40 }, () => 'y'.repeat(2_000)) })?.message).toContain(
      'bytes',
    );
  });

  it('puts the limits into the request schemas, unknown keys of open bodies included', () => {
    const message = sendMessageSchema.safeParse({
      recipient_id: 1,
      message: 'x'.repeat(TEXT_LIMITS.message + 1),
    });
    expect(message.error?.issues.map((issue) => issue.path)).toEqual([['message']]);
    expect(
      sendMessageSchema.safeParse({ recipient_id: 1, message: 'x'.repeat(TEXT_LIMITS.message) }).success,
    ).toBe(true);
    const report = chatReportSchema.safeParse({
      reported_user_id: 1,
      reason: 'spam',
      details: nested(20_000),
    });
    expect(report.error?.issues[0]?.path[0]).toBe('details');
    const search = userSearchBodySchema.safeParse({ page: 1, size: 15, filters: { deep: nested(10) } });
    expect(search.success).toBe(false);
    const registration = registerSchema.safeParse({
      first_name: 'A',
      last_name: 'x'.repeat(TEXT_LIMITS.name + 1),
      username: 'amina',
      date_of_birth: '1990-01-01',
      sex: 'female',
      email: 'a@example.test',
      password: 'secret-pw',
      agreed_to_terms: true,
    });
    expect(registration.error?.issues.map((issue) => issue.path)).toEqual([['last_name']]);
  });

  it('counts characters as code points in every limit, as the document says, emoji and Devanagari alike', () => {
    // A field limit and the body-wide string limit agree: the limit in code points passes, one more fails.
    for (const [limit, text] of [
      [TEXT_LIMITS.message, (n: number) => EMOJI.repeat(n)],
      [TEXT_LIMITS.message, (n: number) => `${DEVANAGARI.repeat(Math.floor(n / 6))}${'क'.repeat(n % 6)}`],
    ] as const) {
      expect(sendMessageSchema.safeParse({ recipient_id: 1, message: text(limit) }).success).toBe(true);
      expect(sendMessageSchema.safeParse({ recipient_id: 1, message: text(limit + 1) }).success).toBe(false);
      expect(jsonLimitBreach({ extra: text(limit) })).toBeUndefined();
      expect(jsonLimitBreach({ extra: text(limit + 1) })?.path).toEqual(['extra']);
    }
    const about = (n: number) => updateUserSchema.safeParse({ about: EMOJI.repeat(n) }).success;
    expect(about(TEXT_LIMITS.text)).toBe(true);
    expect(about(TEXT_LIMITS.text + 1)).toBe(false);
  });
});
