import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAGE_FRAMES, pageFrameAt } from '../../src/config/page-frames';
import { sources } from '../harness/source-files';

/** Matching as route-patterns.ts says wouter matches: literal segments in any case, `:name` one segment. */
function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  return (
    want.length === got.length &&
    want.every((segment, index) =>
      segment.startsWith(':')
        ? (got[index] ?? '') !== ''
        : segment.toLowerCase() === got[index]?.toLowerCase(),
    )
  );
}

describe("the pages' frames", () => {
  it('finds the frame of a screen by its path, parameters and all', () => {
    expect(pageFrameAt('/messages', matches)).toBe(PAGE_FRAMES.messages.rooms);
    expect(pageFrameAt('/match-requests', matches)).toBe(PAGE_FRAMES.messages.rooms);
    expect(pageFrameAt('/messages/room-1002', matches)).toBe(PAGE_FRAMES.messages.room);
    expect(pageFrameAt('/matches', matches)).toBe(PAGE_FRAMES.matches.recommendations);
    expect(pageFrameAt('/matches/mutual', matches)).toBe(PAGE_FRAMES.matches.mutual);
    expect(pageFrameAt('/admin', matches)).toBe(PAGE_FRAMES.admin.home);
    expect(pageFrameAt('/admin/users', matches)).toBe(PAGE_FRAMES.admin.users);
    expect(pageFrameAt('/account/register', matches)).toBe(PAGE_FRAMES.account.register);
  });

  it('has none for a screen whose heading is data or depends on the visit, nor outside the member, admin and account areas', () => {
    for (const path of [
      '/matches/members/abc',
      '/admin/users/abc',
      '/admin/users/new',
      '/account/verify-email',
      '/account/reset-password',
      '/',
      '/nope',
    ])
      expect(pageFrameAt(path, matches)).toBeNull();
  });

  it('is where a framed screen takes its heading from (no title written again in a screen)', () => {
    const titles = Object.values(PAGE_FRAMES).flatMap((screens) =>
      Object.values(screens).map((frame) => frame.title),
    );
    const restated = sources().flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return titles
        .filter((title) => text.includes(`<PageHeading title="${title}"`))
        .map((title) => `${file}: ${title}`);
    });
    expect(restated).toEqual([]);
  });
});
