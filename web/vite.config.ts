import { relative } from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
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
    // No <link rel=modulepreload> for a lazy area's dependencies, nor the polyfill and helper code
    // that inject them: an area's imports are fetched when it runs (one more round trip on first
    // visit), and its CSS still loads with it. Together they cost about 1.4 KB of the login page's
    // 100 KB first-load budget, which the merged areas had overrun (100.8 KB).
    modulePreload: false,
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
