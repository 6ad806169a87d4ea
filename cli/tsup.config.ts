import { defineConfig } from 'tsup';

// One ESM binary with a chunk per command group (code splitting keeps `--help` from loading
// them). commander and picocolors, which every run loads, are bundled in: resolving them in
// node_modules and wrapping commander's CommonJS for ESM cost `--help` about 20 ms of its 130
// (against 90 for `node -e 0`). Their CommonJS `require`s of Node's modules need a `require` in
// ESM, which the banner makes. Every other dependency, the SDK included, stays external (loaded
// by the commands that need it): the SDK is built first by `pnpm build`.
export default defineConfig({
  entry: { matchmaker: 'src/main.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  splitting: true,
  clean: true,
  sourcemap: true,
  noExternal: ['commander', 'picocolors'],
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
});
