import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpointList } from '../../src/endpoints/index';
import * as schemas from '../../src/schemas/index';

/** Rows of the README's answer table: `| \`id\` | \`schemaName\` |` or a binary answer. */
const rows = readFileSync(join(__dirname, '../../README.md'), 'utf8')
  .split('\n')
  .map((line) => /^\| `([a-z]+\.[A-Za-z]+)` \| (?:`(\w+)`|binary.*) \|$/.exec(line))
  .filter((match) => match !== null)
  .map(([, id, schema]) => ({ id, schema }));

const exported: Record<string, unknown> = { ...schemas };

describe('the answer table of the SDK README', () => {
  it('names, for every catalogue entry, the exported schema its answers are parsed with', () => {
    expect(rows.map((row) => row.id).sort()).toEqual(endpointList.map((entry) => entry.id).sort());
    for (const entry of endpointList) {
      const row = rows.find((candidate) => candidate.id === entry.id);
      if (entry.response === 'binary') expect(row?.schema, entry.id).toBeUndefined();
      else expect(exported[row?.schema ?? ''], entry.id).toBe(entry.response);
    }
  });
});
