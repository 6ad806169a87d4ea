/**
 * The build step that keeps the catalogue's docs out of the browser (scripts/strip-endpoint-docs):
 * on the real catalogue files, and on the shapes that must fail the build rather than let the
 * docs through unnoticed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { endpointList } from '@matchmaker/sdk/schemas';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { catalogueDir, probeOf, stripEndpointDocs } from '../../scripts/strip-endpoint-docs';

const dir = catalogueDir(join(import.meta.dirname, '..', '..'));
const catalogueFiles = readdirSync(dir)
  .filter((name) => name.endsWith('.ts'))
  .map((name) => join(dir, name));

const entryOf = (body: string) => `import { defineEndpoint } from './define';
export const things = {
  one: defineEndpoint({
${body}
  }),
} as const;
`;

describe('stripEndpointDocs on the SDK catalogue', () => {
  const results = catalogueFiles
    .map((file) => ({ file, source: readFileSync(file, 'utf8') }))
    .map(({ file, source }) => ({ file, source, ...stripEndpointDocs(source, file) }));

  it('takes the docs out of every entry of the catalogue, and nothing else', () => {
    expect(results.flatMap((result) => result.entries).sort()).toEqual(
      endpointList.map((entry) => entry.id).sort(),
    );
    for (const { file, source, code, entries } of results.filter((result) => result.entries.length > 0)) {
      // Still TypeScript that parses, with every position where it was (blanked, not cut).
      expect(() => parseAst(code, { lang: 'ts', sourceType: 'module' }, file)).not.toThrow();
      expect(code.length).toBe(source.length);
      expect(code.split('\n').length).toBe(source.split('\n').length);
      expect(code, file).not.toMatch(/\bsummary\s*:/);
      expect(code, file).not.toMatch(/\bfailures\s*:/);
      expect(code.match(/defineEndpoint\(\{/g)?.length).toBe(entries.length);
    }
    const code = results.map((result) => result.code).join('\n');
    for (const entry of endpointList) {
      expect(code).toContain(`'${entry.id}'`);
      expect(code).not.toContain(entry.summary);
    }
  });

  it('gives back every text it took out, the failures descriptions included', () => {
    const texts = results.flatMap((result) => result.texts);
    for (const entry of endpointList) expect(texts).toContain(entry.summary);
    const described = endpointList.flatMap((entry) =>
      Object.values(entry.failures ?? {}).filter((text): text is string => typeof text === 'string'),
    );
    expect(described.length).toBeGreaterThan(0);
    // Those written in the entry itself (a shared constant is left to the bundler to drop unused).
    const inline = described.filter((text) => results.some((result) => result.source.includes(text)));
    for (const text of inline) expect(texts).toContain(text);
  });

  it('leaves a file without entries as it is', () => {
    const source = readFileSync(join(dir, 'define.ts'), 'utf8');
    expect(stripEndpointDocs(source, 'define.ts')).toEqual({ code: source, entries: [], texts: [] });
  });
});

describe('stripEndpointDocs refuses a catalogue it cannot strip whole', () => {
  const base = `    id: 'things.one',
    method: 'GET',
    path: '/api/things',`;

  it.each([
    ['an entry without a summary', entryOf(base), /things.ts:3: the entry things.one has no summary/],
    [
      'a summary that is not a literal',
      entryOf(`${base}\n    summary: SUMMARY,`),
      /things.ts:7: a summary is not a string literal/,
    ],
    [
      'a template summary with a substitution',
      entryOf(`${base}\n    summary: \`Read \${what}\`,`),
      /a summary is not a string literal/,
    ],
    [
      'a spread',
      entryOf(`    ...shared,\n${base}\n    summary: 'Read.',`),
      /things.ts:4: an entry spreads another object/,
    ],
    [
      'a computed key',
      entryOf(`${base}\n    ['summary']: 'Read.',`),
      /things.ts:7: an entry has a computed key/,
    ],
    [
      'an entry not given as an object literal',
      "import { defineEndpoint } from './define';\nexport const one = defineEndpoint(entry);\n",
      /things.ts:2: defineEndpoint must be given one object literal/,
    ],
    [
      'a renamed defineEndpoint',
      "import { defineEndpoint as define } from './define';\nexport const one = define({ id: 'a', summary: 'A.' });\n",
      /things.ts:1: defineEndpoint is imported as define/,
    ],
    [
      'docs outside an entry',
      "export const one = { id: 'things.one', summary: 'Read things.' };\n",
      /things.ts:1: a summary outside a defineEndpoint\(\{ \.\.\. \}\) entry/,
    ],
    [
      'failures kept in a shared object',
      `const conflicts = { failures: { 409: 'Taken' } };\n${entryOf(`${base}\n    summary: 'Read.',`)}`,
      /things.ts:1: a failures outside a defineEndpoint/,
    ],
  ])('%s', (_name, source, message) => {
    expect(() => stripEndpointDocs(source, 'things.ts')).toThrow(message);
  });

  it('strips a last property written without a trailing comma, and failures of both forms', () => {
    const source = entryOf(
      `${base}\n    failures: { 404: 'No thing', 409: { description: 'Already done', body: doneSchema } },\n    summary: 'Read a thing.'`,
    );
    const result = stripEndpointDocs(source, 'things.ts');
    expect(result.entries).toEqual(['things.one']);
    expect(result.texts).toEqual(['No thing', 'Already done', 'Read a thing.']);
    expect(result.code).not.toMatch(/summary|failures|doneSchema/);
    expect(() => parseAst(result.code, { lang: 'ts' }, 'things.ts')).not.toThrow();
  });
});

describe('probeOf', () => {
  it('is the longest run a minifier prints unchanged, whatever quotes it picks', () => {
    expect(probeOf("The member's mutual matches (the people they can chat with).")).toBe(
      's mutual matches (the people they can chat with).',
    );
    expect(probeOf('Register a new member account.')).toBe('Register a new member account.');
  });
});
