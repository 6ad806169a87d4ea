import { defineConfig } from 'tsup';

// The SDK is bundled in so `node dist/cli.js` runs on a fresh clone without building the SDK first;
// the server's own dependencies (fastify, socket.io) stay external and resolve from node_modules.
export default defineConfig({
  entry: { cli: 'src/cli.ts', server: 'src/server.ts', process: 'src/process.ts' },
  format: ['esm'],
  dts: false,
  clean: true,
  sourcemap: true,
  target: 'node20',
  platform: 'node',
  esbuildOptions(options) {
    // Read the SDK from its TypeScript source, as the workspace's `source` export condition allows.
    options.conditions = ['source', ...(options.conditions ?? [])];
  },
  noExternal: ['@matchmaker/sdk'],
});
