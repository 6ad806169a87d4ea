/**
 * Keeps the endpoint catalogue's documentation out of the browser build. Each entry of the SDK's
 * catalogue (sdk/src/endpoints/<service>.ts, built with `defineEndpoint({ ... })`) carries, beside
 * the data the client runs on, text that only the OpenAPI document (contracts/) and the CLI read:
 * `summary` and the `failures` descriptions (about 6 KB as minified, 1.8 KB gzip, in the client's
 * chunk). The catalogue stays one place per endpoint for its readers; this step takes the two
 * properties out of each entry as Vite reads the file, so no browser chunk carries them.
 *
 * It is strict, so that a change of the catalogue's shape fails the build instead of quietly
 * shipping the text again: every `defineEndpoint` call must take one object literal with no
 * spread and a literal `summary`; a `summary` or `failures` anywhere else in a catalogue file
 * (an entry written without `defineEndpoint`, a renamed import) fails; a catalogue file with
 * entries that the build never read (the app resolving the SDK's dist instead of its sources)
 * fails; and a chunk that still holds a summary's text fails.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type ESTree, type Plugin, parseAst } from 'vite';

/** The properties that exist for docs and tooling only: read in Node, never in a browser. */
export const DOC_PROPERTIES = ['summary', 'failures'] as const;
const DOC_KEYS = new Set<string>(DOC_PROPERTIES);
const DEFINE = 'defineEndpoint';

/** sdk/src/endpoints, where the web app resolves `@matchmaker/sdk`. */
export function catalogueDir(fromDir: string): string {
  const sdkPackage = createRequire(join(fromDir, 'package.json')).resolve('@matchmaker/sdk/package.json');
  return join(dirname(sdkPackage), 'src', 'endpoints');
}

export interface StripResult {
  /** The source with each doc property blanked out (spaces, lines kept): positions do not move. */
  code: string;
  /** The ids of the entries whose docs were taken out. */
  entries: string[];
  /** The texts taken out (each summary, each literal description of `failures`), to look for in the output. */
  texts: string[];
}

type Node = ESTree.Node;

/** The name of a property written with a plain key; undefined for a computed one. */
const keyName = (property: { computed: boolean; key: Node }): string | undefined =>
  property.computed
    ? undefined
    : property.key.type === 'Identifier'
      ? property.key.name
      : property.key.type === 'Literal' && typeof property.key.value === 'string'
        ? property.key.value
        : undefined;

/** The text of a string literal or of a template literal without substitutions. */
function literalText(node: Node): string | undefined {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0)
    return node.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}

/** Every node below `node`, depth first, with its parent. */
function walk(node: unknown, visit: (node: Node, parent: Node | undefined) => void, parent?: Node): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit, parent);
    return;
  }
  if (!node || typeof node !== 'object' || typeof (node as { type?: unknown }).type !== 'string') return;
  visit(node as Node, parent);
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'parent' && value && typeof value === 'object') walk(value, visit, node as Node);
  }
}

/**
 * Takes `summary` and `failures` out of every `defineEndpoint({ ... })` entry of one catalogue
 * file (TypeScript source). Throws, naming the file and line, when the file is not in the shape
 * this relies on.
 */
export function stripEndpointDocs(source: string, file: string): StripResult {
  const program = parseAst(source, { lang: 'ts', sourceType: 'module' }, file);
  const line = (offset: number) => source.slice(0, offset).split('\n').length;
  const problem = (offset: number, what: string): Error =>
    new Error(
      `strip-endpoint-docs: ${file}:${line(offset)}: ${what}. The browser build takes the catalogue's docs ` +
        `(${DOC_PROPERTIES.join(', ')}) out of each defineEndpoint({ ... }) entry and must see them all ` +
        '(web/scripts/strip-endpoint-docs.ts).',
    );

  const removals: Array<[number, number]> = [];
  const stripped = new Set<Node>();
  const entries: string[] = [];
  const texts: string[] = [];

  walk(program, (node) => {
    if (
      node.type === 'ImportSpecifier' &&
      node.imported.type === 'Identifier' &&
      node.imported.name === DEFINE
    ) {
      if (node.local.name !== DEFINE)
        throw problem(node.start, `${DEFINE} is imported as ${node.local.name}`);
    }
    if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier' || node.callee.name !== DEFINE)
      return;
    const [entry, ...rest] = node.arguments;
    if (!entry || rest.length > 0 || entry.type !== 'ObjectExpression')
      throw problem(node.start, `${DEFINE} must be given one object literal`);
    let id: string | undefined;
    let summary: string | undefined;
    for (const [index, property] of entry.properties.entries()) {
      if (property.type !== 'Property')
        throw problem(property.start, 'an entry spreads another object into itself');
      const name = keyName(property);
      if (name === undefined) throw problem(property.start, 'an entry has a computed key');
      if (name === 'id') id = literalText(property.value);
      if (!DOC_KEYS.has(name)) continue;
      if (name === 'summary') {
        summary = literalText(property.value);
        if (summary === undefined) throw problem(property.start, 'a summary is not a string literal');
      }
      walk(property.value, (inner) => {
        const text = literalText(inner);
        if (text !== undefined) texts.push(text);
      });
      // The property and its comma: up to where the next one starts, or past a trailing comma.
      const next = entry.properties[index + 1];
      const trailingComma = /^\s*,/.exec(source.slice(property.end))?.[0].length ?? 0;
      removals.push([property.start, next ? next.start : property.end + trailingComma]);
      stripped.add(property);
    }
    if (id === undefined) throw problem(node.start, 'an entry has no literal id');
    if (summary === undefined) throw problem(node.start, `the entry ${id} has no summary`);
    entries.push(id);
  });

  walk(program, (node) => {
    if (node.type === 'Property' && !stripped.has(node)) {
      const name = keyName(node);
      if (name && DOC_KEYS.has(name))
        throw problem(node.start, `a ${name} outside a ${DEFINE}({ ... }) entry`);
    }
  });

  let code = source;
  for (const [start, end] of removals) {
    // Blanked rather than cut: every later position stays where the source map says it is.
    code = code.slice(0, start) + code.slice(start, end).replace(/[^\n]/g, ' ') + code.slice(end);
  }
  return { code, entries, texts };
}

/** Shorter runs could be found by chance in unrelated code. */
const MIN_PROBE = 12;

/** The longest run of plain words in a text: what a minifier prints as it is, whatever it quotes with. */
export function probeOf(text: string): string {
  return text.split(/[^\w ,.;:()-]+/).reduce((best, part) => (part.length > best.length ? part : best), '');
}

/** The Vite plugin: strips the docs as the catalogue files are read, then checks the output. */
export function stripEndpointDocsPlugin(): Plugin {
  let dir = '';
  /** Catalogue files with entries, as found on disk at the start of the build. */
  let expected: string[] = [];
  const seen = new Map<string, StripResult>();
  return {
    name: 'matchmaker:strip-endpoint-docs',
    enforce: 'pre',
    configResolved(config) {
      dir = catalogueDir(config.root);
    },
    buildStart() {
      seen.clear();
      expected = readdirSync(dir)
        .filter((name) => name.endsWith('.ts'))
        .map((name) => join(dir, name))
        .filter((path) => readFileSync(path, 'utf8').includes(`${DEFINE}(`));
      if (expected.length === 0) this.error(`strip-endpoint-docs: no ${DEFINE} entries in ${dir}`);
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (dirname(file) !== dir || !file.endsWith('.ts')) return null;
      const result = stripEndpointDocs(code, file);
      seen.set(file, result);
      return { code: result.code, map: null };
    },
    generateBundle(_options, bundle) {
      const unread = expected.filter((file) => !seen.has(file));
      if (unread.length > 0)
        this.error(
          `strip-endpoint-docs: the build never read ${unread.join(', ')}: does the app still resolve the SDK's sources (the \`source\` condition)?`,
        );
      const probes = [...seen.values()]
        .flatMap((result) => result.texts.map(probeOf))
        .filter((probe) => probe.length >= MIN_PROBE);
      for (const [name, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        const leaked = probes.find((probe) => output.code.includes(probe));
        if (leaked)
          this.error(`strip-endpoint-docs: ${name} still holds the catalogue's doc text "${leaked}"`);
      }
    },
  };
}
