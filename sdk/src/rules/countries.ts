import { UNKNOWN_COUNTRY } from '../constants';
import { COUNTRY_NAME_ALIASES, COUNTRY_NAME_DATA, LANGUAGE_CODES } from './country-data';

export { LANGUAGE_CODES };
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

export type CountryCode = keyof typeof COUNTRY_NAME_DATA;

export interface Country {
  readonly code: CountryCode;
  readonly name: string;
}

/** Country code (upper case) to its English name. */
export const COUNTRY_NAMES: Readonly<Record<CountryCode, string>> = Object.freeze(COUNTRY_NAME_DATA);

/** Country entries keyed by their two-letter code. */
export const COUNTRIES: Readonly<Record<CountryCode, Country>> = Object.freeze(
  Object.fromEntries(
    Object.entries(COUNTRY_NAME_DATA).map(([code, name]) => [code, Object.freeze({ code, name })]),
  ) as Record<CountryCode, Country>,
);

export function isCountryCode(code: string | null | undefined): code is CountryCode {
  return code != null && Object.hasOwn(COUNTRY_NAME_DATA, code);
}

/** The English name of a country code, or 'Unknown Country'. Case and surrounding spaces are ignored. */
export function countryName(code: string | null | undefined): string {
  const key = code?.trim().toUpperCase();
  return isCountryCode(key) ? COUNTRY_NAMES[key] : UNKNOWN_COUNTRY;
}

/**
 * Location services and geocoders spell names differently ('Côte d’Ivoire', 'Cote d'Ivoire',
 * 'Bosnia & Herzegovina', 'St. Lucia'), so names are compared on a folded form rather than verbatim.
 */
function foldName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/&/g, ' and ')
    .replace(/\bst\.?(?=\s)/g, 'saint')
    .replace(/\s+/g, ' ')
    .trim();
}

const CODE_BY_FOLDED_NAME: ReadonlyMap<string, CountryCode> = new Map<string, CountryCode>([
  ...Object.entries(COUNTRY_NAME_ALIASES).map(([name, code]) => [foldName(name), code] as const),
  // Primary names last, so they win should an alias ever collide with one.
  ...(Object.entries(COUNTRY_NAME_DATA) as [CountryCode, string][]).map(
    ([code, name]) => [foldName(name), code] as const,
  ),
]);

/**
 * The code of a country given its English name, or undefined. The match is exact on the whole name,
 * ignoring case, accents, apostrophe style, '&' for 'and' and 'St.' for 'Saint'; ISO formal names and
 * common variants ('Russian Federation', 'Czech Republic', 'Turkey') are accepted too.
 */
export function countryCodeByName(name: string | null | undefined): CountryCode | undefined {
  if (name == null) return undefined;
  const folded = foldName(name);
  return folded === '' ? undefined : CODE_BY_FOLDED_NAME.get(folded);
}
