/**
 * Ids that repeat an earlier row of the input. A repeat is applied once, at its first row: a
 * second deactivate or delete of one user is at best wasted and at worst a failure (the user is
 * gone), and two rows giving one user different changes (two emails) have no right order at
 * concurrency above one.
 *
 * The API finds a user by id (exactly, as Keycloak and the sandbox do), username or email (in any
 * letter case): usernames and emails are compared without case, ids and KYC request ids exactly.
 * Skipping a repeat that only looked like one would leave a row undone (`8F3…` fails as not
 * found, and `8f3…` after it must still be sent), so a repeat is only what the API surely finds as
 * the same record. It cannot be told from the text that an id and a username are one user, so
 * where that changes the outcome (set-email) the rows of an input must name their users one way,
 * and one id in two letter cases stops the input too (whether the API takes both is not known). set-email
 * also keeps each new email, so that two users are not given one email (the later would fail, or
 * win, by timing) and an input naming users by email does not give one user the email by which
 * another row names its user (which user that row changes would depend on which lands first).
 *
 * The ids seen are kept as 63-bit hashes in typed arrays (8 bytes a slot, off the JS heap), not
 * as strings: a million unique ids cost about 12 MB instead of a hundred. set-email keeps a
 * change hash and a line per id, and a second table of the new emails: about 50 MB per million
 * rows. Two different ids share a hash with a chance of about 1 in 20 million over a million rows.
 */
import type { Plan } from './actions';

/** What a row's id was: the first row of its user, a repeat of the same change, or a conflict. */
export type Seen = 'first' | 'repeat' | 'conflict';

/** Slots are filled to at most this share; growing by half keeps the average near 60%. */
const MAX_LOAD = 0.75;
const TWO_32 = 2 ** 32;

/**
 * FNV-1a over the UTF-16 code units from a given offset basis and prime, then a final mix.
 * `fold`: ASCII letters hash as lower case, and any other text as its `toLowerCase()`.
 */
function hash(text: string, basis: number, prime: number, fold: boolean): number {
  let h = basis;
  for (let i = 0; i < text.length; i += 1) {
    let c = text.charCodeAt(i);
    if (fold) {
      if (c >= 0x41 && c <= 0x5a) c += 0x20;
      else if (c > 0x7f) return hash(text.toLowerCase(), basis, prime, false);
    }
    h ^= c;
    h = Math.imul(h, prime);
  }
  // Avalanche the last characters, which FNV mixes least (ids that differ only at the end).
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

const lowHash = (text: string, fold = true) => hash(text, 0x811c9dc5, 0x01000193, fold);
// The lowest bit is always set: a slot whose halves are both 0 is free.
const highHash = (text: string, fold = true) => (hash(text, 0x050c5d1f, 0x01000197, fold) | 1) >>> 0;

/** An open-addressing set of 64-bit key hashes, each with `width` 32-bit values. */
class Table {
  #low: Uint32Array;
  #high: Uint32Array;
  #values: Uint32Array;
  #size = 0;

  constructor(readonly width: number) {
    const capacity = 4096;
    this.#low = new Uint32Array(capacity);
    this.#high = new Uint32Array(capacity);
    this.#values = new Uint32Array(capacity * width);
  }

  get size(): number {
    return this.#size;
  }

  /** The slot holding the key, or -1. */
  find(low: number, high: number): number {
    const capacity = this.#high.length;
    for (
      let slot = start(low, capacity);
      this.#high[slot] !== 0;
      slot = slot + 1 === capacity ? 0 : slot + 1
    ) {
      if (this.#high[slot] === high && this.#low[slot] === low) return slot;
    }
    return -1;
  }

  /** The `index`th value of the key in `slot`. */
  value(slot: number, index: number): number {
    return this.#values[slot * this.width + index] ?? 0;
  }

  /** Adds a key that `find` did not find, with its values (the first `width` of a, b, c). */
  add(low: number, high: number, a = 0, b = 0, c = 0): void {
    if (this.#size + 1 > this.#high.length * MAX_LOAD) this.#grow();
    this.#insert(low, high, a, b, c);
    this.#size += 1;
  }

  #insert(low: number, high: number, a: number, b: number, c: number): void {
    const capacity = this.#high.length;
    let slot = start(low, capacity);
    while (this.#high[slot] !== 0) slot = slot + 1 === capacity ? 0 : slot + 1;
    this.#low[slot] = low;
    this.#high[slot] = high;
    const at = slot * this.width;
    if (this.width > 0) this.#values[at] = a;
    if (this.width > 1) this.#values[at + 1] = b;
    if (this.width > 2) this.#values[at + 2] = c;
  }

  #grow(): void {
    const low = this.#low;
    const high = this.#high;
    const values = this.#values;
    const width = this.width;
    const capacity = Math.ceil(high.length * 1.5);
    this.#low = new Uint32Array(capacity);
    this.#high = new Uint32Array(capacity);
    this.#values = new Uint32Array(capacity * width);
    for (let slot = 0; slot < high.length; slot += 1) {
      const h = high[slot] ?? 0;
      const at = slot * width;
      if (h !== 0) this.#insert(low[slot] ?? 0, h, values[at] ?? 0, values[at + 1] ?? 0, values[at + 2] ?? 0);
    }
  }
}

/** The first slot to probe: the hash scaled onto the table, which need not be a power of two. */
function start(hash: number, capacity: number): number {
  return Math.floor((hash / TWO_32) * capacity);
}

/** How a row names its user: the API takes any of them. Usernames hold no '@' and are at most 30 long. */
type Way = 'id' | 'username' | 'email';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const wayOf = (id: string): Way => (id.includes('@') ? 'email' : UUID.test(id) ? 'id' : 'username');

/** Where staff get a file of ids to name users one way. */
export const EXPORT_IDS = '`matchmaker users search --all -o csv --fields id,email`';

const count = (n: number, one: string, many: string) => (n === 1 ? one : `${n} ${many}`);

export class SeenIds {
  /** Each id's change hash, first line and exact spelling's hash, when rows can ask for different changes. */
  readonly #ids: Table;
  /** set-email: each new email's user (a hash of the id) and line. */
  readonly #emails: Table | undefined;
  /** How the first row named its user, and where (set-email). */
  #way: { way: Way; line: number } | undefined;
  #problem = '';
  readonly #conflicts = { changes: 0, ways: 0, emails: 0, spellings: 0 };

  /**
   * `changes`: whether rows can differ in their change (set-email), so conflicts can be told;
   * such rows must also name their users one way, and an email goes to one user only.
   * `users`: the ids name users (usernames and emails are found in any letter case); otherwise
   * they are other records' ids (KYC requests), compared exactly.
   */
  constructor(
    readonly changes: boolean,
    readonly users: boolean,
  ) {
    this.#ids = new Table(changes ? 3 : 0);
    this.#emails = changes ? new Table(2) : undefined;
  }

  get size(): number {
    return this.#ids.size;
  }

  /** Why the last row seen was a conflict. */
  get problem(): string {
    return this.#problem;
  }

  /** Notes the row on `line` planning `plan`, and says whether an earlier row had its user. */
  see(plan: Plan, line: number): Seen {
    const { id } = plan;
    const ids = this.#ids;
    if (!this.changes) {
      const fold = this.users && !UUID.test(id);
      const low = lowHash(id, fold);
      const high = highHash(id, fold);
      if (ids.find(low, high) >= 0) return 'repeat';
      ids.add(low, high);
      return 'first';
    }
    const low = lowHash(id);
    const high = highHash(id);
    // Ids are found exactly: one in two letter cases is a repeat only when spelt the same.
    const spelling = UUID.test(id) ? lowHash(id, false) : low;
    const way = wayOf(id);
    this.#way ??= { way, line };
    if (way !== this.#way.way) {
      return this.#conflict(
        'ways',
        `user ${id} is named by ${way}, but line ${this.#way.line} names its user by ${this.#way.way}: to the API both can be one user; name every user one way (ids: ${EXPORT_IDS})`,
      );
    }
    // The change without letter case: the API takes an email in another case as the same one
    // (it gives one email to one user in any case), so one user's new email in two cases is a
    // repeat, applied as its first row spells it, like one email for two users is a conflict.
    const change = lowHash(plan.change);
    const slot = ids.find(low, high);
    if (slot >= 0) {
      if (ids.value(slot, 2) !== spelling) {
        return this.#conflict(
          'spellings',
          `user ${id} is named on line ${ids.value(slot, 1)} in another letter case: the API finds ids exactly, so one of the two may fail or both change one user; spell each id one way`,
        );
      }
      if (ids.value(slot, 0) === change) return 'repeat';
      return this.#conflict(
        'changes',
        `user ${id} has another change on line ${ids.value(slot, 1)} (this row: ${plan.change})`,
      );
    }
    const emails = this.#emails;
    if (plan.email !== undefined && emails) {
      const emailLow = lowHash(plan.email);
      const emailHigh = highHash(plan.email);
      const given = emails.find(emailLow, emailHigh);
      if (given >= 0 && emails.value(given, 0) !== low) {
        return this.#conflict(
          'emails',
          `user ${id} gets the email ${plan.email}, which line ${emails.value(given, 1)} gives to another user`,
        );
      }
      if (way === 'email') {
        const named = emails.find(low, high);
        if (named >= 0) {
          return this.#conflict(
            'emails',
            `user ${id} is named by an email that line ${emails.value(named, 1)} gives to another user: which user this row changes depends on which row lands first`,
          );
        }
        const owner = ids.find(emailLow, emailHigh);
        if (owner >= 0) {
          return this.#conflict(
            'emails',
            `user ${id} gets the email ${plan.email}, by which line ${ids.value(owner, 1)} names its user: whether it is free depends on which row lands first`,
          );
        }
      }
      if (given < 0) emails.add(emailLow, emailHigh, low, line);
    }
    ids.add(low, high, change, line, spelling);
    return 'first';
  }

  #conflict(kind: keyof SeenIds['conflicts'], problem: string): Seen {
    this.#conflicts[kind] += 1;
    this.#problem = problem;
    return 'conflict';
  }

  get conflicts(): Readonly<{ changes: number; ways: number; emails: number; spellings: number }> {
    return this.#conflicts;
  }

  /**
   * Why an input whose conflicts are listed above cannot run (`input`: its name, `column`: the id
   * column), and what to do; undefined when it had none.
   */
  stopMessage(input: string, column: string): string | undefined {
    const { changes, ways, emails, spellings } = this.#conflicts;
    const reasons: string[] = [];
    if (ways > 0 && this.#way) {
      reasons.push(
        `names users in more than one way in its '${column}' column (by ${this.#way.way} from line ${this.#way.line}, another way on ${count(ways, 'a row', 'rows')})`,
      );
    }
    if (spellings > 0) reasons.push(`spells ${count(spellings, 'an id', 'ids')} in two letter cases`);
    if (changes > 0)
      reasons.push(`gives ${count(changes, 'a user', 'users')} different changes on different rows`);
    if (emails > 0)
      reasons.push(
        `has ${count(emails, 'a row', 'rows')} whose new email another row also gives away or names its user by`,
      );
    if (reasons.length === 0) return undefined;
    const fix =
      ways > 0
        ? `the API finds a user by id, username or email, so two such rows can change one user's email and the last to land would win. Name every user one way, best by id (${EXPORT_IDS} lists them)`
        : 'fix the input';
    return `${input} ${reasons.join(', and ')} (listed above): ${fix}; nothing was sent`;
  }
}
