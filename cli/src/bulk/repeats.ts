/**
 * Ids that repeat an earlier row of the input. A repeat is applied once, at its first row: a
 * second deactivate or delete of one user is at best wasted and at worst a failure (the user is
 * gone), and two rows giving one user different changes (two emails) have no right order at
 * concurrency above one.
 *
 * The ids seen are kept as 63-bit hashes in typed arrays (8 bytes a slot, off the JS heap), not
 * as strings: a million unique ids cost about 12 MB instead of a hundred. Two different ids
 * share a hash with a chance of about 1 in 20 million over a million rows.
 */

/** What a row's id was: the first row of its user, a repeat of the same change, or a conflict. */
export type Seen = 'first' | 'repeat' | 'conflict';

/** Slots are filled to at most this share; growing by half keeps the average near 60%. */
const MAX_LOAD = 0.75;
const TWO_32 = 2 ** 32;

/** FNV-1a over the UTF-16 code units from a given offset basis and prime, then a final mix. */
function hash(text: string, basis: number, prime: number): number {
  let h = basis;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, prime);
  }
  // Avalanche the last characters, which FNV mixes least (ids that differ only at the end).
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

const lowHash = (id: string) => hash(id, 0x811c9dc5, 0x01000193);
// The lowest bit is always set: a slot whose halves are both 0 is free.
const highHash = (id: string) => (hash(id, 0x050c5d1f, 0x01000197) | 1) >>> 0;

export class SeenIds {
  #low: Uint32Array;
  #high: Uint32Array;
  /** A hash of each id's first change, kept only when rows can ask for different changes. */
  #changes: Uint32Array | undefined;
  #size = 0;

  /** `changes`: whether rows can differ in their change (set-email), so conflicts can be told. */
  constructor(readonly changes: boolean) {
    const capacity = 4096;
    this.#low = new Uint32Array(capacity);
    this.#high = new Uint32Array(capacity);
    this.#changes = changes ? new Uint32Array(capacity) : undefined;
  }

  get size(): number {
    return this.#size;
  }

  /** Notes a row of `id` asking for `change`, and says whether an earlier row had that id. */
  see(id: string, change: string): Seen {
    const low = lowHash(id);
    const high = highHash(id);
    const changeHash = this.#changes ? lowHash(change) : 0;
    const capacity = this.#high.length;
    for (
      let slot = start(low, capacity);
      this.#high[slot] !== 0;
      slot = slot + 1 === capacity ? 0 : slot + 1
    ) {
      if (this.#high[slot] === high && this.#low[slot] === low) {
        return !this.#changes || this.#changes[slot] === changeHash ? 'repeat' : 'conflict';
      }
    }
    if (this.#size + 1 > capacity * MAX_LOAD) this.#grow();
    this.#insert(low, high, changeHash);
    this.#size += 1;
    return 'first';
  }

  #insert(low: number, high: number, changeHash: number): void {
    const capacity = this.#high.length;
    let slot = start(low, capacity);
    while (this.#high[slot] !== 0) slot = slot + 1 === capacity ? 0 : slot + 1;
    this.#low[slot] = low;
    this.#high[slot] = high;
    if (this.#changes) this.#changes[slot] = changeHash;
  }

  #grow(): void {
    const low = this.#low;
    const high = this.#high;
    const changes = this.#changes;
    const capacity = Math.ceil(high.length * 1.5);
    this.#low = new Uint32Array(capacity);
    this.#high = new Uint32Array(capacity);
    this.#changes = changes ? new Uint32Array(capacity) : undefined;
    for (let slot = 0; slot < high.length; slot += 1) {
      const h = high[slot] ?? 0;
      if (h !== 0) this.#insert(low[slot] ?? 0, h, changes?.[slot] ?? 0);
    }
  }
}

/** The first slot to probe: the hash scaled onto the table, which need not be a power of two. */
function start(hash: number, capacity: number): number {
  return Math.floor((hash / TWO_32) * capacity);
}
