import { PROFILE_FIELDS } from '@matchmaker/sdk/schemas';
import { describe, expect, it } from 'vitest';
import { generateSeed } from '../../src/seed/index';
import { RELIGIONS } from '../../src/seed/values';
import type { UserRecord } from '../../src/state/types';

const ANCHOR = Date.UTC(2026, 0, 15);

function fieldOf(user: UserRecord, field: (typeof PROFILE_FIELDS)[number]): unknown {
  if (field === 'username' || field === 'first_name' || field === 'last_name' || field === 'email')
    return user[field];
  return user.profile[field];
}

describe('seed', () => {
  it('is deterministic for a seed and differs across seeds', () => {
    const a = JSON.stringify(generateSeed({ seed: 7, anchor: ANCHOR }));
    expect(JSON.stringify(generateSeed({ seed: 7, anchor: ANCHOR }))).toBe(a);
    expect(JSON.stringify(generateSeed({ seed: 8, anchor: ANCHOR }))).not.toBe(a);
  });

  it('generates fast enough for tests that start many sandboxes', () => {
    generateSeed({ seed: 1, anchor: ANCHOR });
    const started = performance.now();
    generateSeed({ seed: 2, anchor: ANCHOR });
    const ms = performance.now() - started;
    console.log(`seed generated in ${ms.toFixed(1)} ms`);
    // About 50 ms here; the bound only catches an order-of-magnitude regression, so a loaded CI
    // machine running test files in parallel does not make it flaky.
    expect(ms).toBeLessThan(3_000);
  });

  it('has 300+ members across the five religions and many countries, with varied and incomplete profiles', () => {
    const data = generateSeed({ seed: 20_260_101, anchor: ANCHOR });
    const members = Object.values(data.users).filter((user) => user.roles.includes('General'));
    expect(members.length).toBeGreaterThanOrEqual(300);
    const religions = new Set(members.map((user) => user.profile.religion));
    for (const religion of RELIGIONS) expect(religions).toContain(religion);
    expect(new Set(members.map((user) => user.profile.country)).size).toBeGreaterThanOrEqual(30);
    expect(new Set(members.map((user) => user.profile.city)).size).toBeGreaterThanOrEqual(60);
    for (const field of PROFILE_FIELDS) {
      const values = new Set(members.map((user) => JSON.stringify(fieldOf(user, field))));
      expect(values.size, field).toBeGreaterThanOrEqual(2);
    }
    const incomplete = members.filter((user) => Object.values(user.profile).some((value) => value === null));
    expect(incomplete.length).toBeGreaterThan(20);
    for (const user of members) {
      if (user.latitude === null || user.longitude === null) continue;
      expect(Math.abs(user.latitude)).toBeLessThanOrEqual(90);
      expect(Math.abs(user.longitude)).toBeLessThanOrEqual(180);
    }
  });

  it('seeds the demo accounts, their matches and the 5,000-message room', () => {
    const data = generateSeed({ seed: 20_260_101, anchor: ANCHOR });
    const users = Object.values(data.users);
    const byEmail = (email: string) => users.find((user) => user.email === email) as UserRecord;
    const demo = [1, 2, 3, 4, 5].map((n) => byEmail(`member${n}@sandbox.test`));
    for (const a of demo) {
      expect(Object.values(a.profile).every((value) => value !== null)).toBe(true);
      for (const b of demo) {
        if (a === b) continue;
        const mutual = data.matchRequests.some(
          (r) =>
            r.status === 'ACCEPTED' &&
            ((r.user_id === a.keycloakId && r.recipient_id === b.keycloakId) ||
              (r.user_id === b.keycloakId && r.recipient_id === a.keycloakId)),
        );
        expect(mutual).toBe(true);
      }
    }
    expect(Math.max(...Object.values(data.messages).map((list) => list.length))).toBe(5_000);
    expect(byEmail('admin@sandbox.test').roles).not.toContain('General');
    expect(byEmail('deleted@sandbox.test').is_deleted).toBe(true);
    expect(byEmail('suspended@sandbox.test').status).toBe('suspended');
    expect(Object.values(byEmail('new@sandbox.test').profile).every((value) => value === null)).toBe(true);
    const kycStates = new Set(data.kycRequests.map((request) => request.status));
    expect(kycStates.size).toBeGreaterThanOrEqual(3);
    expect(Object.values(data.images).filter((image) => image.flagged).length).toBeGreaterThanOrEqual(20);
    expect(data.referrals.length).toBeGreaterThan(10);
    expect(data.visits.length).toBeGreaterThan(1_000);
    const member1 = demo[0] as UserRecord;
    expect(
      data.matchRequests.some((r) => r.recipient_id === member1.keycloakId && r.status === 'PENDING'),
    ).toBe(true);
    expect(data.matchRequests.some((r) => r.user_id === member1.keycloakId && r.status === 'PENDING')).toBe(
      true,
    );
    expect(data.subscriptions.some((s) => s.user_id === member1.keycloakId && s.status === 'ACTIVE')).toBe(
      true,
    );
  });
});
