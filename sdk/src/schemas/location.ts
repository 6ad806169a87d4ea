import * as z from 'zod/mini';

/** Coordinates as the caller gives them to `locations.search`. */
export const coordinatesSchema = z.object({ longitude: z.number(), latitude: z.number() });
export type Coordinates = z.input<typeof coordinatesSchema>;

/** The body of POST /locations/search; 'cordinates' (sic) is the contract's spelling. */
export const locationSearchBodySchema = z.object({ cordinates: coordinatesSchema });
export type LocationSearchBody = z.input<typeof locationSearchBodySchema>;

/**
 * SPEC.md: the search answers city, country and country_code. The keys are required; a value may
 * be null when the place is unknown, which the location flow treats as unknown location data.
 */
export const locationSearchResponseSchema = z.looseObject({
  city: z.nullable(z.string()),
  country: z.nullable(z.string()),
  country_code: z.nullable(z.string()),
  /** Region or state, when known. */
  state: z.optional(z.nullable(z.string())),
});
export type LocationSearchResponse = z.infer<typeof locationSearchResponseSchema>;

/**
 * The third-party IP lookup answer, in ipapi.co's `/json/` format. Every field is optional: such
 * services answer rate limits and private addresses with `{error: true, reason}` and a 200, which
 * must parse and then count as unknown location data, not as a contract failure.
 */
export const ipLocationSchema = z.looseObject({
  city: z.optional(z.nullable(z.string())),
  country_name: z.optional(z.nullable(z.string())),
  country_code: z.optional(z.nullable(z.string())),
  latitude: z.optional(z.nullable(z.number())),
  longitude: z.optional(z.nullable(z.number())),
  error: z.optional(z.boolean()),
  reason: z.optional(z.string()),
});
export type IpLocation = z.infer<typeof ipLocationSchema>;
