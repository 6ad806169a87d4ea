/** Sequential ids during seeding; the counter ends up in `data.seq` for ids made at runtime. */
export interface Ids {
  next(prefix: string): string;
  readonly value: number;
}

export function createIds(start = 1000): Ids {
  let seq = start;
  return {
    next(prefix) {
      seq += 1;
      return `${prefix}-${seq}`;
    },
    get value() {
      return seq;
    },
  };
}
