import { defineConfig } from 'tsup';

// Four entries: the root (client, errors, stores), the contract (`schemas`), the rules and
// constants (`rules`), and the Node-only subpath (file token store). Each is published as ESM and
// CJS with declarations; package.json "exports" mirrors this list. Splitting is on for CJS too, so
// a schema reached through two entries is one object, as it is in ESM.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    schemas: 'src/schemas/index.ts',
    rules: 'src/rules/index.ts',
    node: 'src/node.ts',
  },
  format: ['esm', 'cjs'],
  splitting: true,
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
  external: ['node:fs', 'node:fs/promises', 'node:path', 'node:os'],
});
