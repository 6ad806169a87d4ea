/**
 * The IP-based location lookup, answering like ipapi.co's `/json/`. The caller's address picks a
 * seeded city (loopback always the same one), or `?ip=` asks about another address.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashText } from '../media/png';
import { COUNTRIES } from '../seed/places';

const ALL_CITIES = COUNTRIES.flatMap((country) => country.cities.map((city) => ({ country, city })));

export function lookupIp(ip: string) {
  const loopback = ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';
  const index = loopback ? 0 : hashText(ip) % ALL_CITIES.length;
  const place = ALL_CITIES[index] ?? ALL_CITIES[0];
  if (!place) throw new Error('no cities');
  return {
    ip,
    city: place.city.city,
    region: place.city.state,
    country: place.country.code,
    country_name: place.country.name,
    country_code: place.country.code,
    latitude: place.city.latitude,
    longitude: place.city.longitude,
    currency: 'USD',
    languages: 'en',
  };
}

export function registerIpLookup(app: FastifyInstance): void {
  const answer = (request: FastifyRequest<{ Querystring: { ip?: string } }>) =>
    lookupIp(request.query.ip ?? request.ip);
  app.get('/sandbox/ip-lookup', answer);
  app.get('/sandbox/ip-lookup/json/', answer);
  app.get<{ Params: { ip: string } }>('/sandbox/ip-lookup/:ip/json/', (request) =>
    lookupIp(request.params.ip),
  );
}
