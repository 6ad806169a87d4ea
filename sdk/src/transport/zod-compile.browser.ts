import type * as z from 'zod/mini';

/**
 * Browsers keep zod's runtime parser: the web app runs zod without eval for its strict
 * Content-Security-Policy (`jitless`), so a compiled parser could not be made there, and
 * referencing `z.compile` would still put zod's compiler (about 7 KB gzip) in the page's bundle.
 */
export function compileSchema<S extends z.core.$ZodType>(schema: S): S {
  return schema;
}
