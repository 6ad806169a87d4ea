/**
 * Cities with plausible coordinates, grouped by country, and the religions of members seeded there
 * (relative weights), so the data set looks like a real membership rather than uniform noise.
 */
import { countryName } from '@matchmaker/sdk/rules';
import type { Religion } from './values';

export interface City {
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

export interface Country {
  code: string;
  /** The SDK's English name for the code, so seeded members show what the app shows. */
  name: string;
  religions: Partial<Record<Religion, number>>;
  cities: City[];
  /** How many members, relative to other countries. */
  weight: number;
}

const c = (city: string, state: string, latitude: number, longitude: number): City => ({
  city,
  state,
  latitude,
  longitude,
});

const PLACES: Omit<Country, 'name'>[] = [
  {
    code: 'US',
    weight: 14,
    religions: { christian: 5, mormon: 3, jew: 2, muslim: 1, hindu: 1 },
    cities: [
      c('New York', 'New York', 40.7128, -74.006),
      c('Los Angeles', 'California', 34.0522, -118.2437),
      c('Chicago', 'Illinois', 41.8781, -87.6298),
      c('Houston', 'Texas', 29.7604, -95.3698),
      c('Salt Lake City', 'Utah', 40.7608, -111.891),
      c('Provo', 'Utah', 40.2338, -111.6585),
      c('Atlanta', 'Georgia', 33.749, -84.388),
      c('Dallas', 'Texas', 32.7767, -96.797),
      c('Phoenix', 'Arizona', 33.4484, -112.074),
      c('Boise', 'Idaho', 43.615, -116.2023),
      c('Miami', 'Florida', 25.7617, -80.1918),
      c('Detroit', 'Michigan', 42.3314, -83.0458),
    ],
  },
  {
    code: 'CA',
    weight: 5,
    religions: { christian: 4, muslim: 2, hindu: 2, jew: 1, mormon: 1 },
    cities: [
      c('Toronto', 'Ontario', 43.6532, -79.3832),
      c('Vancouver', 'British Columbia', 49.2827, -123.1207),
      c('Montreal', 'Quebec', 45.5017, -73.5673),
      c('Calgary', 'Alberta', 51.0447, -114.0719),
    ],
  },
  {
    code: 'GB',
    weight: 7,
    religions: { christian: 4, muslim: 3, hindu: 2, jew: 1 },
    cities: [
      c('London', 'England', 51.5074, -0.1278),
      c('Manchester', 'England', 53.4808, -2.2426),
      c('Birmingham', 'England', 52.4862, -1.8904),
      c('Leicester', 'England', 52.6369, -1.1398),
      c('Glasgow', 'Scotland', 55.8642, -4.2518),
    ],
  },
  {
    code: 'IE',
    weight: 1,
    religions: { christian: 1 },
    cities: [c('Dublin', 'Leinster', 53.3498, -6.2603)],
  },
  {
    code: 'FR',
    weight: 3,
    religions: { christian: 3, muslim: 2, jew: 1 },
    cities: [
      c('Paris', 'Île-de-France', 48.8566, 2.3522),
      c('Marseille', "Provence-Alpes-Côte d'Azur", 43.2965, 5.3698),
    ],
  },
  {
    code: 'DE',
    weight: 3,
    religions: { christian: 3, muslim: 2, jew: 1 },
    cities: [c('Berlin', 'Berlin', 52.52, 13.405), c('Frankfurt', 'Hesse', 50.1109, 8.6821)],
  },
  {
    code: 'NL',
    weight: 1,
    religions: { christian: 2, muslim: 1 },
    cities: [c('Amsterdam', 'North Holland', 52.3676, 4.9041)],
  },
  {
    code: 'IT',
    weight: 1,
    religions: { christian: 1 },
    cities: [c('Rome', 'Lazio', 41.9028, 12.4964)],
  },
  {
    code: 'ES',
    weight: 1,
    religions: { christian: 1 },
    cities: [c('Madrid', 'Community of Madrid', 40.4168, -3.7038)],
  },
  {
    code: 'PL',
    weight: 1,
    religions: { christian: 1 },
    cities: [c('Warsaw', 'Masovia', 52.2297, 21.0122)],
  },
  {
    code: 'UA',
    weight: 1,
    religions: { christian: 3, jew: 1 },
    cities: [c('Kyiv', 'Kyiv City', 50.4501, 30.5234)],
  },
  {
    code: 'TR',
    weight: 3,
    religions: { muslim: 1 },
    cities: [c('Istanbul', 'Istanbul', 41.0082, 28.9784), c('Ankara', 'Ankara', 39.9334, 32.8597)],
  },
  {
    code: 'IL',
    weight: 5,
    religions: { jew: 6, muslim: 1, christian: 1 },
    cities: [
      c('Jerusalem', 'Jerusalem District', 31.7683, 35.2137),
      c('Tel Aviv', 'Tel Aviv District', 32.0853, 34.7818),
      c('Haifa', 'Haifa District', 32.794, 34.9896),
    ],
  },
  {
    code: 'AE',
    weight: 3,
    religions: { muslim: 4, hindu: 2, christian: 1 },
    cities: [c('Dubai', 'Dubai', 25.2048, 55.2708), c('Abu Dhabi', 'Abu Dhabi', 24.4539, 54.3773)],
  },
  {
    code: 'SA',
    weight: 3,
    religions: { muslim: 1 },
    cities: [
      c('Riyadh', 'Riyadh Province', 24.7136, 46.6753),
      c('Jeddah', 'Makkah Province', 21.4858, 39.1925),
    ],
  },
  {
    code: 'EG',
    weight: 3,
    religions: { muslim: 4, christian: 1 },
    cities: [
      c('Cairo', 'Cairo Governorate', 30.0444, 31.2357),
      c('Alexandria', 'Alexandria', 31.2001, 29.9187),
    ],
  },
  {
    code: 'MA',
    weight: 1,
    religions: { muslim: 1 },
    cities: [c('Casablanca', 'Casablanca-Settat', 33.5731, -7.5898)],
  },
  {
    code: 'NG',
    weight: 7,
    religions: { christian: 3, muslim: 3 },
    cities: [
      c('Lagos', 'Lagos State', 6.5244, 3.3792),
      c('Abuja', 'Federal Capital Territory', 9.0765, 7.3986),
      c('Kano', 'Kano State', 12.0022, 8.592),
      c('Port Harcourt', 'Rivers State', 4.8156, 7.0498),
    ],
  },
  {
    code: 'GH',
    weight: 2,
    religions: { christian: 3, muslim: 1, mormon: 1 },
    cities: [c('Accra', 'Greater Accra', 5.6037, -0.187), c('Kumasi', 'Ashanti', 6.6885, -1.6244)],
  },
  {
    code: 'KE',
    weight: 2,
    religions: { christian: 3, muslim: 1, hindu: 1 },
    cities: [
      c('Nairobi', 'Nairobi County', -1.2921, 36.8219),
      c('Mombasa', 'Mombasa County', -4.0435, 39.6682),
    ],
  },
  {
    code: 'ET',
    weight: 1,
    religions: { christian: 2, muslim: 1 },
    cities: [c('Addis Ababa', 'Addis Ababa', 9.03, 38.74)],
  },
  {
    code: 'ZA',
    weight: 2,
    religions: { christian: 3, muslim: 1, hindu: 1, jew: 1 },
    cities: [
      c('Johannesburg', 'Gauteng', -26.2041, 28.0473),
      c('Cape Town', 'Western Cape', -33.9249, 18.4241),
      c('Durban', 'KwaZulu-Natal', -29.8587, 31.0218),
    ],
  },
  {
    code: 'IN',
    weight: 12,
    religions: { hindu: 6, muslim: 2, christian: 1 },
    cities: [
      c('Mumbai', 'Maharashtra', 19.076, 72.8777),
      c('Delhi', 'Delhi', 28.7041, 77.1025),
      c('Bengaluru', 'Karnataka', 12.9716, 77.5946),
      c('Chennai', 'Tamil Nadu', 13.0827, 80.2707),
      c('Hyderabad', 'Telangana', 17.385, 78.4867),
      c('Kolkata', 'West Bengal', 22.5726, 88.3639),
      c('Ahmedabad', 'Gujarat', 23.0225, 72.5714),
      c('Jaipur', 'Rajasthan', 26.9124, 75.7873),
      c('Kochi', 'Kerala', 9.9312, 76.2673),
    ],
  },
  {
    code: 'PK',
    weight: 5,
    religions: { muslim: 1 },
    cities: [
      c('Karachi', 'Sindh', 24.8607, 67.0011),
      c('Lahore', 'Punjab', 31.5204, 74.3587),
      c('Islamabad', 'Islamabad Capital Territory', 33.6844, 73.0479),
    ],
  },
  {
    code: 'BD',
    weight: 3,
    religions: { muslim: 5, hindu: 1 },
    cities: [
      c('Dhaka', 'Dhaka Division', 23.8103, 90.4125),
      c('Chittagong', 'Chittagong Division', 22.3569, 91.7832),
    ],
  },
  {
    code: 'NP',
    weight: 1,
    religions: { hindu: 1 },
    cities: [c('Kathmandu', 'Bagmati', 27.7172, 85.324)],
  },
  {
    code: 'LK',
    weight: 1,
    religions: { hindu: 2, christian: 1, muslim: 1 },
    cities: [c('Colombo', 'Western Province', 6.9271, 79.8612)],
  },
  {
    code: 'ID',
    weight: 3,
    religions: { muslim: 5, christian: 1, hindu: 1 },
    cities: [c('Jakarta', 'Jakarta', -6.2088, 106.8456), c('Denpasar', 'Bali', -8.6705, 115.2126)],
  },
  {
    code: 'MY',
    weight: 2,
    religions: { muslim: 3, hindu: 1, christian: 1 },
    cities: [c('Kuala Lumpur', 'Federal Territory', 3.139, 101.6869)],
  },
  {
    code: 'SG',
    weight: 1,
    religions: { christian: 1, muslim: 1, hindu: 1 },
    cities: [c('Singapore', 'Central Region', 1.3521, 103.8198)],
  },
  {
    code: 'PH',
    weight: 4,
    religions: { christian: 5, mormon: 1, muslim: 1 },
    cities: [
      c('Manila', 'Metro Manila', 14.5995, 120.9842),
      c('Cebu City', 'Central Visayas', 10.3157, 123.8854),
    ],
  },
  {
    code: 'AU',
    weight: 3,
    religions: { christian: 3, muslim: 1, hindu: 1, jew: 1, mormon: 1 },
    cities: [
      c('Sydney', 'New South Wales', -33.8688, 151.2093),
      c('Melbourne', 'Victoria', -37.8136, 144.9631),
    ],
  },
  {
    code: 'NZ',
    weight: 1,
    religions: { christian: 2, mormon: 1 },
    cities: [c('Auckland', 'Auckland', -36.8485, 174.7633)],
  },
  {
    code: 'TO',
    weight: 1,
    religions: { mormon: 2, christian: 1 },
    cities: [c("Nuku'alofa", 'Tongatapu', -21.1394, -175.2049)],
  },
  {
    code: 'WS',
    weight: 1,
    religions: { mormon: 1, christian: 1 },
    cities: [c('Apia', 'Tuamasaga', -13.8333, -171.75)],
  },
  {
    code: 'BR',
    weight: 4,
    religions: { christian: 5, mormon: 1, jew: 1 },
    cities: [
      c('São Paulo', 'São Paulo', -23.5505, -46.6333),
      c('Rio de Janeiro', 'Rio de Janeiro', -22.9068, -43.1729),
    ],
  },
  {
    code: 'MX',
    weight: 3,
    religions: { christian: 4, mormon: 1 },
    cities: [
      c('Mexico City', 'Mexico City', 19.4326, -99.1332),
      c('Guadalajara', 'Jalisco', 20.6597, -103.3496),
    ],
  },
  {
    code: 'AR',
    weight: 1,
    religions: { christian: 3, jew: 1 },
    cities: [c('Buenos Aires', 'Buenos Aires', -34.6037, -58.3816)],
  },
  {
    code: 'PE',
    weight: 1,
    religions: { christian: 2, mormon: 1 },
    cities: [c('Lima', 'Lima', -12.0464, -77.0428)],
  },
  {
    code: 'CO',
    weight: 1,
    religions: { christian: 1 },
    cities: [c('Bogotá', 'Bogotá D.C.', 4.711, -74.0721)],
  },
  {
    code: 'JM',
    weight: 1,
    religions: { christian: 1 },
    cities: [c('Kingston', 'Kingston Parish', 17.9712, -76.7936)],
  },
  {
    code: 'FJ',
    weight: 1,
    religions: { christian: 2, hindu: 2, mormon: 1 },
    cities: [c('Suva', 'Central Division', -18.1248, 178.4501)],
  },
];

/** Nearest seeded city to a point, for the reverse geocoding of locations.search. */
export function nearestCity(latitude: number, longitude: number): { country: Country; city: City } {
  let best: { country: Country; city: City } | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const country of COUNTRIES) {
    for (const city of country.cities) {
      const distance = haversineKm(latitude, longitude, city.latitude, city.longitude);
      if (distance < bestDistance) {
        bestDistance = distance;
        best = { country, city };
      }
    }
  }
  if (!best) throw new Error('no cities');
  return best;
}

export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 12_742 * Math.asin(Math.sqrt(h));
}

export function countryByCode(code: string): Country | undefined {
  return COUNTRIES.find((country) => country.code === code.toUpperCase());
}

export const COUNTRIES: Country[] = PLACES.map((place) => ({ ...place, name: countryName(place.code) }));
