/**
 * The start-up paths (config/startup-paths.ts): which addresses prepare the recommendations and
 * the messaging area's lists at start-up, and which room an address opens. The route table and the
 * features' start-up work both ask these, so they cannot disagree.
 */
import { describe, expect, it } from 'vitest';
import { onRecommendationsPage, onRoomsPage, roomOfPath } from '../../src/config/startup-paths';

describe('start-up paths', () => {
  it('the recommendations are /matches itself, in any letter case, with a query or a trailing slash', () => {
    for (const path of ['/matches', '/Matches/', '/matches?page=2', '/matches#top', '//matches'])
      expect(onRecommendationsPage(path), path).toBe(true);
    for (const path of ['/matches/requests', '/matches/members/1', '/matchesx', '/messages', '/'])
      expect(onRecommendationsPage(path), path).toBe(false);
  });

  it('the messaging area is Messages and match-requests, with or without a room', () => {
    for (const path of ['/messages', '/messages/', '/Match-Requests', '/messages/room-1?x=1'])
      expect(onRoomsPage(path), path).toBe(true);
    for (const path of ['/messagesx', '/matches', '/admin/messages', '/'])
      expect(onRoomsPage(path), path).toBe(false);
  });

  it("a room's key keeps its letter case and is decoded; the list, deeper paths and bad escapes open none", () => {
    expect(roomOfPath('/messages/Room%201?from=list')).toBe('Room 1');
    expect(roomOfPath('/MESSAGES/room-1002/')).toBe('room-1002');
    expect(roomOfPath('/match-requests/abc')).toBe('abc');
    for (const path of ['/messages', '/messages/a/b', '/messages/%E0%A4', '/matches/room-1'])
      expect(roomOfPath(path), path).toBeNull();
  });
});
