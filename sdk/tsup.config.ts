import { defineConfig } from 'tsup';

// Two entries: the browser-safe core and the Node-only subpath (file token store).
// Both are published as ESM and CJS with declarations; package.json "exports" mirrors this list.
export default defineConfig({
  entry: { index: 'src/index.ts', node: 'src/node.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
  external: ['node:fs', 'node:fs/promises', 'node:path', 'node:os'],
});
