/**
 * What the page does so that the strict Content-Security-Policy the server sends (web/README.md,
 * Serving) holds without breaking a screen. main.tsx imports this module first, so it runs before
 * any other module of the app is evaluated.
 *
 * - zod without eval: zod compiles object parsers with `new Function` when it may, and merely
 *   probing for that is reported as a violation under a policy without 'unsafe-eval'. jitless has to
 *   be set before the first object schema is built (it is read when a schema is made).
 * - A narrow `default` Trusted Types policy (the only one the CSP's `trusted-types` allows): the
 *   page's libraries write to two injection sinks, and nothing else may. react-hot-toast's CSS-in-JS
 *   (goober) seeds its <style> element with `innerHTML = ' '`, so HTML without markup passes; Sentry
 *   Replay starts its compression worker from a blob: URL the page made itself, so blob: URLs of this
 *   origin pass. Anything else (markup, other script URLs, any script text) is refused: the browser
 *   blocks the sink and reports the violation.
 */

/**
 * zod keeps its settings in this global so that every copy of it shares them (`z.config()` writes
 * here). Setting it without importing zod keeps zod out of the first load (importing its `config`
 * put 4 KB gzip of it there).
 */
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

/** The part of the Trusted Types API used here (TypeScript's DOM library does not declare it). */
interface TrustedTypesFactory {
  createPolicy(
    name: string,
    rules: {
      createHTML?: (input: string) => string | null;
      createScriptURL?: (input: string) => string | null;
    },
  ): unknown;
}

/** HTML that cannot create an element: with no `<`, it parses to text alone. */
function isMarkupFree(input: string): boolean {
  return !input.includes('<');
}

/** A blob: URL made by this page (a worker's script the page built from its own code). */
function isOwnBlobUrl(input: string, origin: string): boolean {
  return input.startsWith(`blob:${origin}/`);
}

function installDefaultPolicy(): void {
  const factory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  if (!factory) return;
  const origin = globalThis.location.origin;
  factory.createPolicy('default', {
    createHTML: (input) => (isMarkupFree(input) ? input : null),
    createScriptURL: (input) => (isOwnBlobUrl(input, origin) ? input : null),
  });
}

installDefaultPolicy();
