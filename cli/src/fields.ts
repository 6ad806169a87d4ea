/**
 * --fields checking against the records printed, and the suggestions of every --fields error.
 * Changes are checked before they are sent, against their answer's schema (fields-guard.ts).
 * No SDK here: output.ts loads this for --help too, before the colour environment is settled.
 */
import { usageError } from './exit';
import { isRecord } from './guards';

/** Every path --fields can name in a record: its keys and, through nested records, dotted paths. */
export function pathsOf(value: unknown, prefix: string, into: Set<string>): Set<string> {
  if (!isRecord(value)) return into;
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    into.add(path);
    pathsOf(inner, path, into);
  }
  return into;
}

/** Edit distance (with transpositions), for suggesting a field. */
function distance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const above = rows[i - 1] ?? [];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (above[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      row.push(best);
    }
    rows.push(row);
  }
  return rows[a.length]?.[b.length] ?? 0;
}

/**
 * The known name nearest to `field` (case-insensitive): a near spelling, else (for fields) the
 * same name one level down. Also the "did you mean" of other names (roles, profile keys).
 */
export function closest(field: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(field.length * 0.4)) + 1;
  let nested: string | undefined;
  const lower = field.toLowerCase();
  for (const candidate of known) {
    const d = distance(lower, candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
    if (candidate.toLowerCase().endsWith(`.${lower}`) && (!nested || candidate.length < nested.length))
      nested = candidate;
  }
  return best ?? nested;
}

/** `'emial' (did you mean 'email'?)`, for each field. */
export const named = (fields: readonly string[], known: Iterable<string>, what: string) =>
  fields
    .map((field) => {
      const near = closest(field, known);
      return `${what.replace('%s', `'${field}'`)}${near ? ` (did you mean '${near}'?)` : ''}`;
    })
    .join(', ');

/**
 * --fields naming a field no record has is a typo, not a wish for an empty column: a usage error
 * naming the closest field. The fields are known from the records at hand (a list's first page)
 * and the command's usual columns; with no records there is nothing to check against. After a
 * change was sent the error would be a lie (exit 2 says nothing was sent): `warn` names the field
 * instead, and its column stays empty.
 */
export function checkFields(
  records: readonly unknown[],
  fields: string[] | undefined,
  defaults: readonly string[],
  warn?: (message: string) => void,
) {
  if (!fields || fields.length === 0) return;
  const known = new Set<string>();
  for (const record of records) pathsOf(record, '', known);
  if (known.size === 0) return;
  for (const column of defaults) known.add(column);
  const unknown = fields.filter((field) => !known.has(field));
  if (unknown.length === 0) return;
  if (warn) {
    warn(
      `--fields: ${named(unknown, known, '%s is not in this answer')}: its column is empty; the change was made`,
    );
    return;
  }
  throw usageError(
    `--fields: ${named(unknown, known, 'unknown field %s')}; -o json shows every field a record has`,
  );
}
