/**
 * The Vite plugin that makes web/dist ready to be served as a CDN would serve it. After the bundle
 * is written it adds:
 *
 * - routes.json: every path pattern the app serves (src/config/route-patterns.ts), for real 404s;
 * - headers.json: the Content-Security-Policy and security headers made from the validated
 *   configuration (src/config/env.ts, parsed here as the app parses it), and the cache rules;
 * - robots.txt and sitemap.xml (the public pages), and for Netlify or Cloudflare Pages `_headers`,
 *   `_redirects` and 404.html;
 * - the signed-in preload script (signed-in-preload.ts), loaded from index.html, with the first
 *   screen's calls (src/config/early-requests.ts) as the SDK sends them;
 * - a brotli and a gzip copy of every text file.
 *
 * The configuration and route modules import the SDK's TypeScript sources, so they are loaded
 * through a Vite SSR server with the `source` condition: the build needs no SDK build.
 */
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as SdkModule from '@matchmaker/sdk';
import { createServer, defaultServerConditions, loadEnv, type Plugin, type ResolvedConfig } from 'vite';
import type * as EarlyModule from '../../src/config/early-requests';
import type * as EnvModule from '../../src/config/env';
import type * as RoutesModule from '../../src/config/route-patterns';
import { precompress } from './precompress.ts';
import { securityHeaders } from './security-headers.ts';
import { servingHeaders, staticHostHeaders, staticHostRedirects } from './serving-rules.ts';
import { recordEarlyCalls, writeSignedInPreload } from './signed-in-preload.ts';
import { robotsTxt, sitemapXml } from './site-files.ts';

/** Where the site is served when VITE_SITE_URL does not say: `pnpm start`'s address. */
export const DEFAULT_SITE_URL = 'http://localhost:8080';

async function loadAppModules(root: string): Promise<{
  env: typeof EnvModule;
  routes: typeof RoutesModule;
  sdk: typeof SdkModule;
  early: typeof EarlyModule;
}> {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
    ssr: { noExternal: ['@matchmaker/sdk'], resolve: { conditions: ['source', ...defaultServerConditions] } },
  });
  try {
    const env = (await server.ssrLoadModule('/src/config/env.ts')) as typeof EnvModule;
    const routes = (await server.ssrLoadModule('/src/config/route-patterns.ts')) as typeof RoutesModule;
    const sdk = (await server.ssrLoadModule('@matchmaker/sdk')) as typeof SdkModule;
    const early = (await server.ssrLoadModule('/src/config/early-requests.ts')) as typeof EarlyModule;
    return { env, routes, sdk, early };
  } finally {
    await server.close();
  }
}

/** The page location the build parses the configuration against: the site's own address. */
function siteLocation(raw: string | undefined) {
  let url: URL;
  try {
    url = new URL(raw?.trim() || DEFAULT_SITE_URL);
  } catch {
    throw new Error(`VITE_SITE_URL: must be an http(s) origin such as https://example.com (got '${raw}')`);
  }
  return { origin: url.origin, protocol: url.protocol, host: url.host };
}

export function servingFiles(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'matchmaker:serving-files',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = config.build.outDir;
      const { env, routes, sdk, early } = await loadAppModules(config.root);
      const variables = loadEnv(config.mode, config.envDir || config.root, config.envPrefix);
      const location = siteLocation(variables.VITE_SITE_URL);
      const mode = { MODE: config.mode, PROD: config.isProduction };
      let appConfig: EnvModule.AppConfig;
      let configured = true;
      try {
        // The same variables import.meta.env gives the app, so the policy names what the app calls.
        appConfig = env.parseConfig({ ...variables, ...mode }, location);
      } catch (error) {
        if (!(error instanceof env.ConfigError)) throw error;
        // Such a build shows the list of bad variables and starts nothing (src/config/env.ts): it
        // calls nothing, so the policy of the defaults holds for it.
        config.logger.warn(
          `${error.message}\nserving files: written with the default configuration's policy`,
        );
        appConfig = env.parseConfig(mode, location);
        configured = false;
      }
      const manifest = routes.routeManifest();
      const serving = servingHeaders(securityHeaders(appConfig), config.build.assetsDir);
      const write = (name: string, text: string) => writeFileSync(join(outDir, name), text);
      write('routes.json', `${JSON.stringify(manifest, null, 2)}\n`);
      write('headers.json', `${JSON.stringify(serving, null, 2)}\n`);
      write('robots.txt', robotsTxt(appConfig.siteUrl, routes.privateAreaPaths()));
      write('sitemap.xml', sitemapXml(appConfig.siteUrl, routes.publicPagePaths()));
      write('_headers', staticHostHeaders(serving));
      write('_redirects', staticHostRedirects(manifest));
      const preload = writeSignedInPreload({
        outDir,
        base: config.base,
        assetsDir: config.build.assetsDir,
        areas: routes.privateAreaPaths(),
        cookieName: sdk.ACCESS_COOKIE_NAME,
        // A build with a bad configuration starts nothing, so it sends nothing early either.
        calls: configured ? await recordEarlyCalls(sdk, early.EARLY_CALLS) : [],
        apiBase: variables.VITE_API_BASE ?? '{origin}',
        global: early.EARLY_GLOBAL,
      });
      copyFileSync(join(outDir, 'index.html'), join(outDir, '404.html'));
      const sizes = precompress(outDir);
      config.logger.info(
        `serving files: ${manifest.routes.length} routes; ${preload.file} preloads ${preload.preloads.length} chunks of a signed-in page and sends up to ${preload.calls} calls; ` +
          `${sizes.files} files precompressed, ` +
          `${(sizes.bytes / 1024).toFixed(0)} KB -> ${(sizes.brotliBytes / 1024).toFixed(0)} KB brotli, ` +
          `${(sizes.gzipBytes / 1024).toFixed(0)} KB gzip`,
      );
    },
  };
}
