import * as z from 'zod/mini';

/**
 * zod's compiled parser of `schema` (`z.compile`), where zod may generate code: not where the app
 * turned eval off (`jitless`) nor where the platform refuses it; there, the schema itself. Browsers
 * get `zod-compile.browser.ts` instead (package.json `imports`, `browser` condition).
 */
export function compileSchema<S extends z.core.$ZodType>(schema: S): S {
  if (z.config().jitless || !z.util.allowsEval.value) return schema;
  // compile() never throws: a schema it cannot model comes back as it is and stays on the runtime.
  return z.compile(schema);
}
