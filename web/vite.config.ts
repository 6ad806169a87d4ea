import { relative } from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { SIGNED_IN_GROUPS } from './scripts/chunk-groups.ts';
import { servingFiles } from './scripts/serving/plugin.ts';
import { stripEndpointDocsPlugin } from './scripts/strip-endpoint-docs.ts';

/** The sandbox `pnpm dev` proxies to (API, sockets, simulated services). */
const sandbox = process.env.SANDBOX_URL ?? 'http://127.0.0.1:8080';

/**
 * Writes dist/.vite/chunk-modules.json (chunk file -> the source modules inside it, with their rendered length), which the size
 * check reads to prove no back-office module reaches a member's chunks.
 */
function chunkModules(): Plugin {
  return {
    name: 'matchmaker:chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const map: Record<string, Record<string, number>> = {};
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        map[file] = Object.fromEntries(
          Object.entries(output.modules).map(([id, info]) => [
            relative(process.cwd(), id),
            info.renderedLength,
          ]),
        );
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: JSON.stringify(map, null, 2),
      });
    },
  };
}

export default defineConfig({
  plugins: [stripEndpointDocsPlugin(), react(), chunkModules(), servingFiles()],
  // Sentry's documented tree-shaking flags (docs.sentry.io, configuration/tree-shaking): its
  // debug logging (the app never sets `debug`), and Replay's recording of iframes and shadow DOM,
  // which the app has none of. 4.3 KB gzip of every signed-in page.
  define: {
    __SENTRY_DEBUG__: 'false',
    __RRWEB_EXCLUDE_IFRAME__: 'true',
    __RRWEB_EXCLUDE_SHADOW_DOM__: 'true',
  },
  // The SDK's TypeScript sources (its `source` export), so the app needs no SDK build to run.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    // A lazy chunk's static imports are fetched beside it (Vite's preload helper adds a
    // <link rel=modulepreload> for each), and index.html preloads the main bundle's: without
    // this each level of the chunk graph cost a round trip (index, then the area, then its
    // imports, then theirs), 7 levels before /matches could ask for its list (issue 24: the
    // photo's load delay). No polyfill: every browser the app supports has modulepreload.
    modulePreload: { polyfill: false },
    // Everything the main bundle imports statically in one chunk: left to itself, Rolldown split
    // it into 7 small chunks (React, valtio, the SDK's errors and constants, ...) because lazy
    // chunks share them, and every page asked for each one after index.html. `pnpm start` (the
    // sandbox) serves HTTP/1.1, where a browser opens at most 6 connections to an origin, so each
    // batch of 6 requests costs a round trip (Lighthouse's simulated phone: 150 ms). No more
    // bytes (every page runs all of it); /account/login's first load fell from 89.7 to 87.6 KB
    // gzip without the chunks' import lists. Merging the SDK's schemas (9 small chunks on member
    // pages) was tried and left out: the register form then evaluated every member schema too,
    // about 100 ms more main thread at 4x CPU slowdown. What a signed-in page loads after the main
    // bundle is grouped the same way (scripts/chunk-groups.ts): /messages asked for 22 scripts
    // there, 4 rounds of 6 connections, and now asks for 9 (the SDK client in one chunk, zod with
    // the register form's schemas in another), with no anonymous page fetching more.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'shell', tags: ['$initial'], priority: 2 }, ...SIGNED_IN_GROUPS],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: sandbox, changeOrigin: true },
      '/sandbox': { target: sandbox, changeOrigin: true },
      '/socket.io': { target: sandbox, changeOrigin: true, ws: true },
    },
  },
  preview: { port: 4173 },
});
