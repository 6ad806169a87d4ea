import { locationSearchBodySchema, locationSearchResponseSchema } from '../schemas/location';
import { defineEndpoint } from './define';

/** /api/main/v2/locations. */
export const locationsEndpoints = {
  search: defineEndpoint({
    id: 'locations.search',
    method: 'POST',
    path: '/api/main/v2/locations/search',
    provider: 'main',
    access: 'session',
    effect: 'read',
    body: locationSearchBodySchema,
    response: locationSearchResponseSchema,
    summary: 'Turn coordinates into city, country and country code.',
  }),
} as const;
