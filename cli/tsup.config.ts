import { defineConfig } from 'tsup';

// One ESM binary with a chunk per command group (code splitting keeps `--help` from loading
// them). Dependencies, the SDK included, stay external: the SDK is built first by `pnpm build`.
export default defineConfig({
  entry: { matchmaker: 'src/main.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  splitting: true,
  clean: true,
  sourcemap: true,
  banner: { js: '#!/usr/bin/env node' },
});
