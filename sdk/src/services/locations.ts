import type { CallOptions } from '../endpoints/define';
import { locationsEndpoints as e } from '../endpoints/locations';
import type { Coordinates } from '../schemas/location';
import type { ServiceContext } from './context';

/** Place look-ups of /api/main/v2/locations. */
export function createLocationsService(ctx: ServiceContext) {
  const { transport } = ctx;
  return {
    /** Turns coordinates into `{ city, country, country_code }` (sent as `{ cordinates }`, the contract's spelling). */
    search: ({ longitude, latitude }: Coordinates, options?: CallOptions) =>
      transport.call(e.search, { body: { cordinates: { longitude, latitude } } }, options),
  };
}

export type LocationsService = ReturnType<typeof createLocationsService>;
