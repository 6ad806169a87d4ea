/**
 * A small seeded PRNG (mulberry32) and the helpers the seed needs. Seeding never touches
 * Math.random, so one seed always yields the same data set.
 */

export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by relative weight; weights need not sum to 1. */
  weighted<T extends string>(weights: Readonly<Partial<Record<T, number>>>): T;
  /** A new shuffled copy. */
  shuffle<T>(items: readonly T[]): T[];
  /** `count` distinct items (or all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[];
  /** A UUID-shaped id (version 4 layout), deterministic from the seed. */
  uuid(): string;
  /** Lower-case hex of `length` characters. */
  hex(length: number): string;
}

// Weight tables are reused across thousands of picks; their entries are computed once per object.
const tables = new WeakMap<object, { entries: [string, number][]; total: number }>();

export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(next() * items.length)] as T;
  };
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      const tmp = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = tmp;
    }
    return copy;
  };
  const hex = (length: number): string => {
    let out = '';
    while (out.length < length)
      out += Math.floor(next() * 0x1_0000_0000)
        .toString(16)
        .padStart(8, '0');
    return out.slice(0, length);
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick,
    weighted<T extends string>(weights: Readonly<Partial<Record<T, number>>>): T {
      let table = tables.get(weights);
      if (!table) {
        const list = Object.entries(weights) as [string, number][];
        table = { entries: list, total: list.reduce((sum, [, w]) => sum + w, 0) };
        tables.set(weights, table);
      }
      const entries = table.entries as [T, number][];
      const total = table.total;
      let roll = next() * total;
      for (const [key, weight] of entries) {
        roll -= weight;
        if (roll < 0) return key;
      }
      const last = entries[entries.length - 1];
      if (!last) throw new Error('weighted pick from no weights');
      return last[0];
    },
    shuffle,
    sample: (items, count) => shuffle(items).slice(0, count),
    uuid() {
      const h = hex(32);
      const variant = ((Number.parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
    },
    hex,
  };
}
