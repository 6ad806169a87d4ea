/**
 * Dictionaries keyed by text that arrives from URLs and bodies (record ids, file names, tokens,
 * status words). A plain object answers `__proto__`, `constructor` or `toString` from
 * Object.prototype, which once let `member __proto__` suspend every object in the process; these
 * never do.
 */

export type Dict<T> = Record<string, T>;

/** A prototype-less dictionary: `dict()['constructor']` is undefined, and `__proto__` is an ordinary key. */
export function dict<T>(entries?: Iterable<readonly [string, T]>): Dict<T> {
  const out = Object.create(null) as Dict<T>;
  if (entries) for (const [key, value] of entries) out[key] = value;
  return out;
}

/** The same entries without a prototype (for data parsed from JSON or built as literals). */
export function toDict<T>(record: Readonly<Dict<T>>): Dict<T> {
  return Object.getPrototypeOf(record) === null ? (record as Dict<T>) : dict(Object.entries(record));
}

/** `record[key]` when the key is the record's own, else undefined, whatever the record's prototype. */
export function own<T>(record: Readonly<Dict<T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
