import * as z from 'zod';

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
  city: z.string().nullable(),
  country: z.string().nullable(),
  country_code: z.string().nullable(),
  /** Region or state, when known. */
  state: z.string().nullable().optional(),
});
export type LocationSearchResponse = z.infer<typeof locationSearchResponseSchema>;

/**
 * The third-party IP lookup answer, in ipapi.co's `/json/` format. Every field is optional: such
 * services answer rate limits and private addresses with `{error: true, reason}` and a 200, which
 * must parse and then count as unknown location data, not as a contract failure.
 */
export const ipLocationSchema = z.looseObject({
  city: z.string().nullable().optional(),
  country_name: z.string().nullable().optional(),
  country_code: z.string().nullable().optional(),
  latitude: z.number().nullable().optional(),
  longitude: z.number().nullable().optional(),
  error: z.boolean().optional(),
  reason: z.string().optional(),
});
export type IpLocation = z.infer<typeof ipLocationSchema>;
