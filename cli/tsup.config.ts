import { defineConfig } from 'tsup';

// One ESM binary with a chunk per command group (code splitting keeps `--help` from loading
// them). Bundled in, besides commander and picocolors (resolving them in node_modules and wrapping
// commander's CommonJS for ESM cost `--help` about 20 ms): the SDK and zod. zod's package
// entry loads its whole API, 94 modules and 854 KB, locales and JSON Schema included; bundled,
// only what the SDK and the CLI use is kept (262 KB). A signed-out `whoami` went from about 480
// to 370 ms (`node -e 0`: 130). Their CommonJS `require`s of Node's modules need a `require` in
// ESM, which the banner makes. The other dependencies stay external (loaded by the commands that
// need them); the SDK is built first by `pnpm build`. The SDK's realtime client (socket.io-client,
// which the SDK imports only when a channel opens) lands in a chunk of its own that no command
// loads: the CLI opens no socket. ofetch stays external, with its Node build: that build wraps
// node-fetch-native (155 KB more at start-up), which Node 20 does not use unless its own fetch is
// turned off (`--no-experimental-fetch`); ofetch's universal build would fail there.
export default defineConfig({
  entry: { matchmaker: 'src/main.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  splitting: true,
  clean: true,
  sourcemap: true,
  noExternal: ['commander', 'picocolors', '@matchmaker/sdk', 'zod'],
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
});
