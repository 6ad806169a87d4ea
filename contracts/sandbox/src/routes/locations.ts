/** /api/main/v2/locations: reverse geocoding against the seeded cities (nothing leaves the machine). */
import { haversineKm, nearestCity } from '../seed/places';
import type { HandlerMap } from './types';

/** Beyond this distance from any known city the place counts as unknown (all values null). */
const MAX_DISTANCE_KM = 600;

export const locationsHandlers: HandlerMap<'locations'> = {
  'locations.search': ({ body }) => {
    const { latitude, longitude } = body.cordinates;
    const { country, city } = nearestCity(latitude, longitude);
    if (haversineKm(latitude, longitude, city.latitude, city.longitude) > MAX_DISTANCE_KM) {
      return { city: null, country: null, country_code: null, state: null };
    }
    return { city: city.city, country: country.name, country_code: country.code, state: city.state };
  },
};
