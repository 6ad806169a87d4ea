import { z } from 'zod';

/**
 * Building blocks for the contract schemas. Answers are parsed with `looseObject`: unknown extra
 * keys are kept and never a reason to fail, because the backend may add fields at any time.
 */

/** Any JSON: used where SPEC.md does not show the answer's shape. Typed `unknown` on purpose. */
export const anyJson = z.unknown();

/** Identifiers arrive as strings or numbers depending on the service. */
export const id = z.union([z.string(), z.number()]);
export type Id = z.infer<typeof id>;

/** A page number as sent in a query string. */
export const page = z.number().int().nonnegative();
